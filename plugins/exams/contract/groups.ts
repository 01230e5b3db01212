import { FeatureCatalogue } from '../../../contracts/feature-catalogue.ts'
import { FeatureRuleMessages } from '../../../contracts/feature-rule-messages.ts'
import { ExamAccommodationsGroup } from './accommodations-api.ts'
import { ExamBuilderOptionsGroup } from './builder-options-api.ts'
import { examCatalogue } from './catalogue.ts'
import { ExamBuilderGroup } from './exam-builder-api.ts'
import { ExamsGroup } from './exams-api.ts'
import { ExamSettingsGroup } from './exam-settings-api.ts'
import { examRuleMessages } from './rule-messages.ts'
import { TakeExamGroup } from './take-exam-api.ts'
import { ExamCorrectionGroup } from './correction-api.ts'
import { ExamResultsGroup, MyExamResultsGroup } from './results-api.ts'

/**
 * Exams' part of the API (contracts/api.ts), under the exam service's /exam/api, one line per group;
 * the builder's carries its response codes and rule messages with their texts (take-exam's carries its own).
 */
export const examsGroups = [
  ExamAccommodationsGroup,
  ExamBuilderOptionsGroup,
  ExamBuilderGroup.annotate(FeatureCatalogue, examCatalogue).annotate(FeatureRuleMessages, examRuleMessages),
  ExamsGroup,
  TakeExamGroup,
  ExamCorrectionGroup,
  ExamResultsGroup,
  MyExamResultsGroup,
  ExamSettingsGroup,
] as const
