import { Icon } from '../../src/ui/icons.tsx'

/** The side-bar icon of schedule. */
export const ScheduleIcon = () => <Icon d="M8 2v4M16 2v4M3 9h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
