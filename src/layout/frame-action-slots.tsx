import { css } from 'styled-system/css'
import { useLoaded } from '../plugin-host/loaded-module.ts'
import { useContributions } from '../plugin-host/registry-context.tsx'
import { holdsAllRoles } from '../plugin-host/roles.ts'
import { useSession } from '../session/session-provider.tsx'
import { frameActions, type FrameActionContribution, type FrameActionPlacement } from './frame-actions.ts'

/** The frame's actions the signed-in person may use. */
export const useFrameActions = (): ReadonlyArray<FrameActionContribution> => {
  const { roles } = useSession()
  return useContributions(frameActions).filter((action) => holdsAllRoles(roles, action.roles ?? []))
}

function FrameAction({ action, placement }: { action: FrameActionContribution; placement: FrameActionPlacement }) {
  const loaded = useLoaded(action.action)
  if (loaded.status !== 'ready') return null
  const Action = loaded.value.default
  return <Action placement={placement} />
}

// The floating corner; AppLayout keeps the content this far from the inline end (md and up).
const floatingCorner = css({ position: 'fixed', insetInlineEnd: '8', insetBlockEnd: '8', zIndex: 'docked', display: 'flex', flexDirection: 'column', gap: '3' })

/** The actions where the frame shows them: in the top bar on a phone, floating in the corner on a wide screen. */
export function FrameActions({ actions, placement }: { actions: ReadonlyArray<FrameActionContribution>; placement: FrameActionPlacement }) {
  const shown = actions.map((action) => <FrameAction key={action.id} action={action} placement={placement} />)
  return placement === 'floating' ? <div className={floatingCorner}>{shown}</div> : <>{shown}</>
}
