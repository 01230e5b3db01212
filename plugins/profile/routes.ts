import { defineRoute } from '../../src/plugin-host/route-ref.ts'

/** The profile settings page (spec §2's spelling); the frame's user chip leads here through the shell's account page (plugin.ts). */
export const profileRoute = defineRoute('/settingProfile')
