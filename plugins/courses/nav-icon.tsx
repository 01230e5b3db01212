import { Icon } from '../../src/ui/icons.tsx'

/** The side-bar icon of courses. */
export const CoursesIcon = () => <Icon d="M4 4.5A2.5 2.5 0 0 1 6.5 2H20v17H6.5A2.5 2.5 0 0 0 4 21.5zM4 21.5A2.5 2.5 0 0 1 6.5 19H20" />
