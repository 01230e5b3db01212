import { useEffect, useState } from 'react'

/**
 * True once `shown` has been true through a paint: for work that can wait until what the user came
 * for is on the screen (a second read, a chunk fetched ahead), so that it does not hold that paint
 * back. A frame, then a task after it: the browser paints between the two.
 */
export const usePainted = (shown: boolean): boolean => {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!shown || painted) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true), 0)))
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [shown, painted])
  return shown && painted
}
