import { FeatureCatalogue } from '../../../contracts/feature-catalogue.ts'
import { homeworkCatalogue } from './catalogue.ts'
import { HomeworkGroup } from './homework-api.ts'
import { HomeworkCorrectionGroup, StudentHomeworkGroup } from './submissions-api.ts'

/**
 * Homework's part of the API (contracts/api.ts): the teacher's homework, its correction, the student's side;
 * the first carries homework's own response codes and texts.
 */
export const homeworkGroups = [HomeworkGroup.annotate(FeatureCatalogue, homeworkCatalogue), HomeworkCorrectionGroup, StudentHomeworkGroup] as const
