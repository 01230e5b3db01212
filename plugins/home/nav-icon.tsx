import { Icon } from '../../src/ui/icons.tsx'

/** The side-bar icon of home. */
export const HomeIcon = () => <Icon d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
