import type { CourseAttachment } from '../contract/courses-api.ts'
import { uploadFile } from '../../../src/uploads/upload-file.ts'
import { useFileUploads, type UploadEntry } from '../../../src/uploads/use-file-uploads.ts'
import { deleteUpload } from '../api.ts'
import { courseAttachmentCount, courseAttachmentPurpose } from '../contract/upload-purposes.ts'

/** One row of the form's attachment list. */
export type AttachmentEntry = UploadEntry<CourseAttachment>

/**
 * The attachments of the course form (src/uploads/use-file-uploads.ts against UploadAttachment).
 * An upload taken off the list before saving is deleted on the server (best effort: unlisted
 * uploads expire anyway); removing a saved one takes effect when the course is saved.
 */
export function useAttachmentUploads(initial: ReadonlyArray<CourseAttachment>) {
  return useFileUploads(initial, {
    rules: courseAttachmentPurpose,
    maxFiles: courseAttachmentCount.maxFiles,
    upload: (file, onProgress) => uploadFile<CourseAttachment>('/school/api/Courses/UploadAttachment', { FileName: file.name }, file, onProgress),
    onRemoved: (entry) => {
      if (entry.stored !== undefined && entry.saved !== true) void deleteUpload(entry.stored.id).catch(() => undefined)
    },
  })
}
