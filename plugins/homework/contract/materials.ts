import { Schema } from 'effect'
import { AttachmentGroupSchema } from '../../../contracts/attachments.ts'
import { hasBidiControls, noBidiControls } from '../../../contracts/bidi.ts'
import { Id, Text, type ValidationAnnotation } from '../../../contracts/fields.ts'

/**
 * A homework's materials (Google Classroom's "materials" on an assignment): files the teacher
 * uploaded for it (a worksheet, instructions) and links, shown to her students above the questions.
 */

const validation = (annotation: ValidationAnnotation) => ({ validation: annotation })

export const homeworkMaterialLimits = {
  /** Not in the spec: as many files as a course lists (DESIGN.md "20 for course attachments and elsewhere"). */
  maxFiles: 20,
  /** Not in the spec: as many links as files. */
  maxLinks: 20,
  /** The longest link: what browsers and servers commonly take. */
  urlMax: 2048,
  /** A link's optional title, as long as a homework title may be and more. */
  linkTitleMax: 100,
} as const

/**
 * A web address a student may open: http or https with a host, one line, no spaces and no
 * bidirectional controls. Nothing else (javascript:, data:, file:) runs or opens from a student's page.
 */
export const isWebLink = (value: string): boolean => {
  if (value.length > homeworkMaterialLimits.urlMax || /\s/u.test(value) || hasBidiControls(value)) return false
  if (!/^https?:\/\//iu.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

export const LinkUrl = Schema.String.annotate({ ...validation({ key: 'linkUrlInvalid' }), description: 'An http or https address' }).check(
  Schema.makeFilter<string>(isWebLink, validation({ key: 'linkUrlInvalid' })),
)

export const LinkTitle = Text.check(
  Schema.makeFilter<string>(
    (value) => [...value.trim()].length <= homeworkMaterialLimits.linkTitleMax,
    validation({ key: 'lengthAtMost', values: { max: homeworkMaterialLimits.linkTitleMax } }),
  ),
  noBidiControls,
)

export const HomeworkLinkInput = Schema.Struct({
  url: LinkUrl,
  /** Absent, null or blank: the link shows its address. */
  title: Schema.optionalKey(Schema.NullOr(LinkTitle)),
})
export type HomeworkLinkInput = typeof HomeworkLinkInput.Type

/** What insert and edit carry: the ids of her uploads (UploadAttachment) and the homework's own files to keep, in order, and its links. */
export const HomeworkMaterialsInput = Schema.Struct({
  fileIds: Schema.Array(Id).check(
    Schema.isMaxLength(homeworkMaterialLimits.maxFiles, validation({ key: 'tooManyFiles', values: { max: homeworkMaterialLimits.maxFiles } })),
  ),
  links: Schema.Array(HomeworkLinkInput).check(
    Schema.isMaxLength(homeworkMaterialLimits.maxLinks, validation({ key: 'itemsAtMost', values: { max: homeworkMaterialLimits.maxLinks } })),
  ),
})
export type HomeworkMaterialsInput = typeof HomeworkMaterialsInput.Type

/** A stored file of the homework. `url` is a signed, expiring link (server/auth/file-links.ts), handed only to those who may read the homework. */
export const HomeworkFile = Schema.Struct({
  id: Id,
  fileName: Schema.String,
  group: AttachmentGroupSchema,
  extension: Schema.String,
  size: Schema.Number,
  url: Schema.String,
})
export type HomeworkFile = typeof HomeworkFile.Type

export const HomeworkLink = Schema.Struct({ url: Schema.String, title: Schema.NullOr(Schema.String) })
export type HomeworkLink = typeof HomeworkLink.Type

export const HomeworkMaterials = Schema.Struct({ files: Schema.Array(HomeworkFile), links: Schema.Array(HomeworkLink) })
export type HomeworkMaterials = typeof HomeworkMaterials.Type

export const noMaterials: HomeworkMaterials = { files: [], links: [] }
