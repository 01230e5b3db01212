import { callApi } from '../../../src/api/client.ts'
import { useResource } from '../../../src/resources/resource.ts'

/** Her exams with their links, read afresh whenever a page showing them mounts (a link opens once). */
export const useMyExams = () => useResource(['studentExams'], () => callApi((c) => c.takeExam.studentExams()), { freshOnMount: true })
