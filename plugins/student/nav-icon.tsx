import { Icon } from '../../src/ui/icons.tsx'

/** The side-bar icon of a student's homework: a sheet with a tick. */
export const MyHomeworkIcon = () => <Icon d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M9 15l2 2 4-4" />
