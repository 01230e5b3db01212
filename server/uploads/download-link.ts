import { Effect } from 'effect'
import { Tokens } from '../services/tokens.ts'

/**
 * A stored file's link as an answer gives it: signed and expiring, carrying the uploader's file name
 * so the download keeps it (server/auth/file-links.ts, server/http/stored-files.ts).
 */
export const downloadLink = (fileKey: string, fileName: string) =>
  Effect.gen(function* () {
    const tokens = yield* Tokens
    return tokens.fileLinks.sign(`/files/${fileKey}`, undefined, fileName)!
  })
