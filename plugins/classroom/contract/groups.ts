import { FeatureRuleMessages } from '../../../contracts/feature-rule-messages.ts'
import { ChaptersGroup } from './chapters-api.ts'
import { classroomRuleMessages } from './rule-messages.ts'
import { SchoolGroup } from './school-api.ts'

/** The class room's part of the API (contracts/api.ts): class rooms, subjects and students; chapters, topics and semesters (carrying the class room's rule messages). */
export const classroomGroups = [SchoolGroup, ChaptersGroup.annotate(FeatureRuleMessages, classroomRuleMessages)] as const
