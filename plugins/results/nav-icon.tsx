import { Icon } from '../../src/ui/icons.tsx'

/** The side-bar icon of results. */
export const ResultsIcon = () => <Icon d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
