import { FeatureCatalogue } from '../../../contracts/feature-catalogue.ts'
import { coursesCatalogue } from './catalogue.ts'
import { FeatureRuleMessages } from '../../../contracts/feature-rule-messages.ts'
import { coursesRuleMessages } from './rule-messages.ts'
import { CoursesGroup } from './courses-api.ts'
import { StudentCoursesGroup } from './student-courses-api.ts'

/**
 * Courses' part of the API (contracts/api.ts): the teacher's courses and what her students read of
 * them; the first carries courses' own response codes and rule messages with their texts.
 */
export const coursesGroups = [
  CoursesGroup.annotate(FeatureCatalogue, coursesCatalogue).annotate(FeatureRuleMessages, coursesRuleMessages),
  StudentCoursesGroup,
] as const
