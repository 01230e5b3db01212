import type { ComponentType } from 'react'
import { defineExtensionPoint } from '../plugin-host/extension-point.ts'

/** Where the frame shows an action: floating at the inline-end bottom corner (wide screens), or in the top bar (phones). */
export type FrameActionPlacement = 'floating' | 'bar'

/**
 * An action a feature puts in the signed-in frame (the class room's "my class rooms" button): the
 * frame owns the place and names no feature; the feature contributes by reference in its manifest.
 * Its code loads with the frame's first render, never with the sign-in page. Declarations only: the
 * manifests import this; the frame shows the actions with frame-action-slots.tsx.
 */
export interface FrameActionContribution {
  readonly id: string
  /** Shown only to those holding every one of these roles. */
  readonly roles?: ReadonlyArray<string>
  readonly action: () => Promise<{ readonly default: ComponentType<{ readonly placement: FrameActionPlacement }> }>
}

/** Extension point: the frame's actions. One per id. */
export const frameActions = defineExtensionPoint<FrameActionContribution>('shell.frameActions', (contribution) => contribution.id)
