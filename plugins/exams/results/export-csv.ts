import { authBridge, currentLocale } from '../../../src/api/bridge.ts'
import { buildHeaders } from '../../../src/api/headers.ts'

/** The file name the server gives, else a plain one. */
const fileNameOf = (disposition: string | null, examId: number): string =>
  /filename="?([^";]+)"?/iu.exec(disposition ?? '')?.[1] ?? `exam-results-${examId}.csv`

/**
 * Downloads the exam's results (ExportExamResults answers a CSV file with a byte-order mark, not the
 * envelope, so it is fetched with the API's headers, headings in the page's language) and hands it
 * to the browser as a file. (Homework's grade book does the same; a plugin may not import another's.)
 */
export const downloadExamResults = async (examId: number): Promise<void> => {
  const token = await authBridge().freshToken()
  const response = await fetch(`/exam/api/Results/ExportExamResults?ExamID=${examId}`, {
    headers: buildHeaders({ locale: currentLocale(), accessToken: token, jsonBody: false }),
  })
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/csv')) throw new Error(String(response.status))
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileNameOf(response.headers.get('content-disposition'), examId)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
