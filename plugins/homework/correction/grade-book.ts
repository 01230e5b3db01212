import { authBridge, currentLocale } from '../../../src/api/bridge.ts'
import { buildHeaders } from '../../../src/api/headers.ts'

/** The file name the server gives (RFC 5987 `filename*` first), else a plain one. */
export const fileNameOf = (disposition: string | null): string => {
  const encoded = /filename\*=UTF-8''([^;]+)/iu.exec(disposition ?? '')?.[1]
  if (encoded) return decodeURIComponent(encoded)
  return /filename="?([^";]+)"?/iu.exec(disposition ?? '')?.[1] ?? 'grade-book.csv'
}

/**
 * Downloads the class room's grade book (ExportGradeBook answers a CSV file, not the envelope, so it
 * is fetched directly with the API's headers) and hands it to the browser as a file.
 */
export const downloadGradeBook = async (classRoomId: number): Promise<void> => {
  const token = await authBridge().freshToken()
  const response = await fetch(`/school/api/HomeWork/ExportGradeBook?ClassRoomID=${classRoomId}`, {
    headers: buildHeaders({ locale: currentLocale(), accessToken: token, jsonBody: false }),
  })
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/csv')) throw new Error(String(response.status))
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileNameOf(response.headers.get('content-disposition'))
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
