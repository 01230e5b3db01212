import type { ComponentType } from 'react'
import { defineExtensionPoint } from '../../src/plugin-host/extension-point.ts'

/**
 * The home feature's public part: what other features may import of it (the boundary check,
 * .dependency-cruiser.js, refuses anything else). Kept to declarations: it loads with every manifest.
 * (The home page's own route is the shell's, src/plugin-host/shell-routes.ts `home`.)
 */

/** A card on the home page, below the class rooms, shown to those holding every one of `roles`. */
export interface HomeCard {
  readonly id: string
  readonly order: number
  readonly roles?: ReadonlyArray<string>
  readonly component: () => Promise<{ readonly default: ComponentType }>
}

/** Extension point: the home page's cards, in `order`. */
export const homeCards = defineExtensionPoint<HomeCard>('home.cards', (card) => card.id)
