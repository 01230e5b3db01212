import { useState } from 'react'
import { callApi } from '../../../src/api/client.ts'
import { uploadFile } from '../../../src/uploads/upload-file.ts'
import { useFileUploads } from '../../../src/uploads/use-file-uploads.ts'
import {
  homeworkMaterialLimits,
  noMaterials,
  type HomeworkFile,
  type HomeworkLinkInput,
  type HomeworkMaterials,
  type HomeworkMaterialsInput,
} from '../contract/materials.ts'
import { homeworkAttachmentPurpose } from '../contract/upload-purposes.ts'

/** An upload taken off the form before saving: deleted on the server (best effort: unlisted uploads expire anyway). */
const deleteUpload = (id: number) =>
  callApi((c) => c.homework.deleteAttachmentUpload({ payload: { id } }), { idempotencyKey: crypto.randomUUID() }).catch(() => undefined)

/**
 * The homework form's files and links: files go up at once (src/uploads/use-file-uploads.ts against
 * UploadAttachment) and join the homework when it is saved, as links do; removing a saved one takes
 * effect on save.
 */
export function useHomeworkMaterials(initial: HomeworkMaterials = noMaterials) {
  const uploads = useFileUploads<HomeworkFile>(initial.files, {
    rules: homeworkAttachmentPurpose,
    maxFiles: homeworkMaterialLimits.maxFiles,
    upload: (file, onProgress) => uploadFile<HomeworkFile>('/school/api/HomeWork/UploadAttachment', { FileName: file.name }, file, onProgress),
    onRemoved: (entry) => {
      if (entry.stored !== undefined && entry.saved !== true) void deleteUpload(entry.stored.id)
    },
  })
  const initialLinks = initial.links.map((link): HomeworkLinkInput => (link.title === null ? { url: link.url } : { url: link.url, title: link.title }))
  const [links, setLinks] = useState<ReadonlyArray<HomeworkLinkInput>>(initialLinks)
  const input: HomeworkMaterialsInput = { fileIds: uploads.ids, links }
  const initialIds = initial.files.map((file) => file.id)
  const changed = JSON.stringify(input) !== JSON.stringify({ fileIds: initialIds, links: initialLinks })
  return { uploads, links, setLinks, input, changed }
}

export type HomeworkMaterialsState = ReturnType<typeof useHomeworkMaterials>
