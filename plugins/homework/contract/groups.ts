import { FeatureCatalogue } from '../../../contracts/feature-catalogue.ts'
import { homeworkCatalogue } from './catalogue.ts'
import { FeatureRuleMessages } from '../../../contracts/feature-rule-messages.ts'
import { homeworkRuleMessages } from './rule-messages.ts'
import { HomeworkGroup } from './homework-api.ts'
import { HomeworkCorrectionGroup, StudentHomeworkGroup } from './submissions-api.ts'
import { PrivateCommentsGroup, StudentPrivateCommentsGroup } from './private-comments-api.ts'

/**
 * Homework's part of the API (contracts/api.ts): the teacher's homework, its correction, the student's side;
 * the first carries homework's own response codes and rule messages with their texts.
 */
export const homeworkGroups = [
  HomeworkGroup.annotate(FeatureCatalogue, homeworkCatalogue).annotate(FeatureRuleMessages, homeworkRuleMessages),
  HomeworkCorrectionGroup,
  StudentHomeworkGroup,
  PrivateCommentsGroup,
  StudentPrivateCommentsGroup,
] as const
