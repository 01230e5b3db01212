import { FeatureCatalogue } from '../../../contracts/feature-catalogue.ts'
import { coursesCatalogue } from './catalogue.ts'
import { CoursesGroup } from './courses-api.ts'
import { StudentCoursesGroup } from './student-courses-api.ts'

/**
 * Courses' part of the API (contracts/api.ts): the teacher's courses and what her students read of
 * them; the first carries courses' own response codes and texts.
 */
export const coursesGroups = [CoursesGroup.annotate(FeatureCatalogue, coursesCatalogue), StudentCoursesGroup] as const
