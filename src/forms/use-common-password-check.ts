import { useEffect, useState } from 'react'
import type { CommonPasswordCheck } from '../../contracts/validation.ts'

/**
 * The breached-password check for a form that sets a password, loaded on first use with a dynamic
 * import so the list never weighs on the sign-in page. Undefined until it has arrived (or if it
 * cannot load): the server runs the same check and its 105 lands on the field meanwhile.
 */
export function useCommonPasswordCheck(): CommonPasswordCheck | undefined {
  const [check, setCheck] = useState<CommonPasswordCheck>()
  useEffect(() => {
    let live = true
    import('../../contracts/common-passwords.ts').then(
      (module) => live && setCheck(() => module.isCommonPassword),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  return check
}
