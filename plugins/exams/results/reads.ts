import { callApi } from '../../../src/api/client.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { examLifecycleContext, examLifecycleMachine, type ExamStatus } from '../../../machines/exam-lifecycle.machine.ts'

/** The teacher's results list (latest and archive), read afresh each time a page showing it mounts. */
export const useExamResultsList = () => useResource(['examResultsList'], () => callApi((c) => c.examResults.examResultsList()), { freshOnMount: true })

/** One exam's results (her own exam only). */
export const useExamResults = (examId: number) =>
  useResource(['examResults', examId], () => callApi((c) => c.examResults.examResults({ query: { ExamID: examId } })), { freshOnMount: true })

/** A student's own published results. */
export const useMyExamResults = () => useResource(['myExamResults'], () => callApi((c) => c.myExamResults.myExamResults()), { freshOnMount: true })

/** Whether the exam's lifecycle lets the teacher publish in this status (done only): the page offers "Publish results" then alone. */
export const mayPublish = (status: ExamStatus): boolean =>
  examLifecycleMachine.resolveState({ value: status, context: examLifecycleContext() }).can({ type: 'teacher.published' })
