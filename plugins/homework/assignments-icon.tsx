import { Icon } from '../../src/ui/icons.tsx'

/** The side-bar icon of the assignments page. */
export const AssignmentsIcon = () => (
  <Icon d="M9 3h6v3H9zM7 4.5H5.5A1.5 1.5 0 0 0 4 6v14a1.5 1.5 0 0 0 1.5 1.5h13A1.5 1.5 0 0 0 20 20V6a1.5 1.5 0 0 0-1.5-1.5H17M8 12h8M8 16h5" />
)
