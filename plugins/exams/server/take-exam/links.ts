import { createHash, createHmac } from 'node:crypto'
import type { ServerKeysService } from '../../../../server/services/server-keys.ts'

export interface ExamLinks {
  /** Her link's token: an HMAC of the attempt's key (exam and student, unique together) under a server key. */
  readonly tokenOf: (examId: number, studentId: number) => string
  /** What the attempt row stores (link_hash) and a token is looked up by: a leaked table gives no link. */
  readonly hashOf: (token: string) => string
}

/**
 * Single-use links, derived rather than stored: the token is made again whenever her list is read,
 * and only its SHA-256 is kept. It is taken over the attempt's unique key (exam, student) rather than
 * its serial id so the row is inserted with its hash in one statement; no client can make one,
 * since the key is the server's (ServerKeys, under this feature's own label).
 */
export const examLinks = (keys: ServerKeysService): ExamLinks => {
  const key = keys.derive('fasl/exam-link/v1')
  return {
    tokenOf: (examId, studentId) => createHmac('sha256', key).update(`${examId}\n${studentId}`).digest('base64url'),
    hashOf: (token) => createHash('sha256').update(token).digest('hex'),
  }
}
