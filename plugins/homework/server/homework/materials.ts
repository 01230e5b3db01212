import { Effect, type Stream } from 'effect'
import { CurrentCaller } from '../../../../contracts/api.ts'
import type { AttachmentGroup } from '../../../../contracts/attachments.ts'
import type { Issue } from '../../../../contracts/validation.ts'
import { inSchool, asCaller } from '../../../../server/services/tenancy.ts'
import { deleteStoredFiles } from '../../../../server/uploads/streamed-upload.ts'
import { receiveLimitedUpload } from '../../../../server/uploads/upload-limits.ts'
import { found } from '../../../../server/db/found.ts'
import type { HomeworkFile, HomeworkLink, HomeworkMaterials, HomeworkMaterialsInput } from '../../contract/materials.ts'
import { homeworkAttachmentPurpose } from '../../contract/upload-purposes.ts'
import { downloadLink } from '../../../../server/uploads/download-link.ts'

/*
 * A homework's files and links (migration 0006). A file is her upload until a homework of hers lists
 * it; the statements bind the caller's school ($school) and, where she is checked, her id ($1).
 * Lists of ids travel as JSON text, one form both PGlite and PostgreSQL bind the same way.
 */
const idsIn = (parameter: string) => `(SELECT value::int FROM jsonb_array_elements_text(${parameter}::text::jsonb))`
const fileColumns = `a.id, a.file_key AS "fileKey", a.file_name AS "fileName", a.file_group AS "group", a.extension, a.size_bytes::float8 AS size`

const sql = {
  insertUpload: `INSERT INTO homework_attachments AS a (school_id, uploaded_by, file_key, file_name, extension, file_group, size_bytes)
    VALUES ($school, $1, $2, $3, $4, $5, $6) RETURNING ${fileColumns}`,
  unlistedUpload: `SELECT ${fileColumns} FROM homework_attachments a WHERE a.id = $2 AND a.uploaded_by = $1 AND a.homework_id IS NULL AND a.school_id = $school`,
  deleteUpload: 'DELETE FROM homework_attachments WHERE id = $1 AND school_id = $school',
  /** Of the listed ids ($2), those she may list: her own unlisted uploads, and (on an edit) the homework's own files ($3). */
  attachable: `SELECT a.id FROM homework_attachments a
    WHERE a.id IN ${idsIn('$2')} AND a.school_id = $school AND ((a.homework_id IS NULL AND a.uploaded_by = $1) OR a.homework_id = $3)`,
  /** The files it listed and no longer does: their rows go, their keys are answered to delete the bytes after the commit. */
  dropUnlisted: `DELETE FROM homework_attachments WHERE homework_id = $1 AND id NOT IN ${idsIn('$2')} AND school_id = $school RETURNING file_key AS "fileKey"`,
  listFiles: `UPDATE homework_attachments SET homework_id = $1, sort = array_position(ARRAY(SELECT value::int FROM jsonb_array_elements_text($2::text::jsonb)), id)
    WHERE id IN ${idsIn('$2')} AND school_id = $school`,
  dropLinks: 'DELETE FROM homework_links WHERE homework_id = $1 AND school_id = $school',
  /** Its links from a JSON array of { url, title } in order. */
  insertLinks: `INSERT INTO homework_links (school_id, homework_id, url, title, sort)
    SELECT $school, $1, l.value ->> 'url', NULLIF(btrim(l.value ->> 'title'), ''), l.ordinality::int
      FROM jsonb_array_elements($2::text::jsonb) WITH ORDINALITY AS l(value, ordinality)`,
  copyLinks: `INSERT INTO homework_links (school_id, homework_id, url, title, sort)
    SELECT $school, $1, url, title, sort FROM homework_links WHERE homework_id = $2 AND school_id = $school`,
  filesOf: `SELECT ${fileColumns} FROM homework_attachments a WHERE a.homework_id = $1 AND a.school_id = $school ORDER BY a.sort, a.id`,
  linksOf: 'SELECT url, title FROM homework_links WHERE homework_id = $1 AND school_id = $school ORDER BY sort, id',
  fileKeysOf: 'SELECT file_key AS "fileKey" FROM homework_attachments WHERE homework_id = $1 AND school_id = $school',
}

interface FileRow {
  readonly id: number
  readonly fileKey: string
  readonly fileName: string
  readonly group: AttachmentGroup
  readonly extension: string
  readonly size: number
}

/** The answer's form of a stored file: a signed, expiring link that downloads it under its name (server/http/stored-files.ts). */
const toHomeworkFile = (row: FileRow) =>
  Effect.map(downloadLink(row.fileKey, row.fileName), (url) => {
    const { id, fileName, group, extension, size } = row
    return { id, fileName, group, extension, size, url } satisfies HomeworkFile
  })

/** One file of a homework she is writing: streamed in with the course attachments' checks, hers until a homework lists it (158 past 20 waiting). */
export const uploadHomeworkAttachment = (fileName: string, body: Stream.Stream<Uint8Array, unknown>) =>
  Effect.gen(function* () {
    const caller = yield* CurrentCaller
    const row = yield* receiveLimitedUpload(body, { purpose: homeworkAttachmentPurpose, key: [], folder: `homework/${caller.schoolId}` }, (stored) =>
      Effect.map(
        asCaller<FileRow>(sql.insertUpload, stored.key, fileName.trim(), stored.sniffed.extension, stored.sniffed.group, stored.size),
        (rows) => rows[0]!,
      ),
    )
    return yield* toHomeworkFile(row)
  })

/** One of her uploads no homework lists (anyone else's, or a listed one, is 404). */
export const deleteHomeworkUpload = (id: number) =>
  Effect.gen(function* () {
    const upload = yield* found(yield* asCaller<FileRow>(sql.unlistedUpload, id))
    yield* inSchool(sql.deleteUpload, [upload.id])
    yield* deleteStoredFiles([upload.fileKey])
    return null
  })

/** Every listed file is hers to list, each once (else 105 on materials.fileIds: another teacher's, school's or homework's ids read as invalid). */
export const materialsIssues = (materials: HomeworkMaterialsInput | undefined, homeworkId: number | null) =>
  Effect.gen(function* () {
    if (materials === undefined || materials.fileIds.length === 0) return []
    const unique = new Set(materials.fileIds)
    const attachable = yield* asCaller<{ id: number }>(sql.attachable, JSON.stringify([...unique]), homeworkId)
    const issues: Issue[] =
      unique.size !== materials.fileIds.length || attachable.length !== unique.size ? [{ field: 'materials.fileIds', key: 'invalidFiles' }] : []
    return issues
  })

/** Writes the listed materials (in the save's transaction); answers the keys of files no longer listed, to delete after the commit. */
export const writeMaterials = (homeworkId: number, materials: HomeworkMaterialsInput | undefined) =>
  Effect.gen(function* () {
    if (materials === undefined) return []
    const fileIds = JSON.stringify(materials.fileIds)
    const dropped = yield* inSchool<{ fileKey: string }>(sql.dropUnlisted, [homeworkId, fileIds])
    if (materials.fileIds.length > 0) yield* inSchool(sql.listFiles, [homeworkId, fileIds])
    yield* inSchool(sql.dropLinks, [homeworkId])
    if (materials.links.length > 0) yield* inSchool(sql.insertLinks, [homeworkId, JSON.stringify(materials.links)])
    return dropped.map((row) => row.fileKey)
  })

/** A copy takes the links; the files stay with the homework they were uploaded for (one stored file, one homework). */
export const copyLinks = (fromHomeworkId: number, toHomeworkId: number) => inSchool(sql.copyLinks, [toHomeworkId, fromHomeworkId])

/** The keys of the homework's files (deleting it deletes their bytes after the commit). */
export const materialFileKeys = (homeworkId: number) =>
  Effect.map(inSchool<{ fileKey: string }>(sql.fileKeysOf, [homeworkId]), (rows) => rows.map((row) => row.fileKey))

/** Its files with signed links and its links, in her order: for its author and, from its start, its students. */
export const materialsOf = (homeworkId: number) =>
  Effect.gen(function* () {
    const files = yield* Effect.forEach(yield* inSchool<FileRow>(sql.filesOf, [homeworkId]), toHomeworkFile)
    const links = yield* inSchool<HomeworkLink>(sql.linksOf, [homeworkId])
    return { files, links } satisfies HomeworkMaterials
  })

/**
 * The same files and links as two JSON columns of a statement that reads homework `homework`, so a
 * student's open stays two reads (her target and her work): `materialFiles`, `materialLinks`.
 */
export const materialColumnsOf = (homework: string) =>
  `(SELECT coalesce(json_agg(json_build_object('id', a.id, 'fileKey', a.file_key, 'fileName', a.file_name, 'group', a.file_group,
      'extension', a.extension, 'size', a.size_bytes::float8) ORDER BY a.sort, a.id), '[]'::json)
    FROM homework_attachments a WHERE a.homework_id = ${homework}.id AND a.school_id = $school) AS "materialFiles",
  (SELECT coalesce(json_agg(json_build_object('url', l.url, 'title', l.title) ORDER BY l.sort, l.id), '[]'::json)
    FROM homework_links l WHERE l.homework_id = ${homework}.id AND l.school_id = $school) AS "materialLinks"`

/** The materials from the columns `materialColumnsOf` read, with signed links to the files. */
export const materialsFromColumns = (row: { readonly materialFiles?: unknown; readonly materialLinks?: unknown }) =>
  Effect.gen(function* () {
    const files = yield* Effect.forEach((row.materialFiles ?? []) as ReadonlyArray<FileRow>, toHomeworkFile)
    return { files, links: (row.materialLinks ?? []) as ReadonlyArray<HomeworkLink> } satisfies HomeworkMaterials
  })
