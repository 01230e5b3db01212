import { questionLimits } from '../../contracts/questions/limits.ts'

/**
 * What a student may hand in for a file-upload question, by the spec's file-type groups (doc: pdf,
 * docx, doc; video: avi, mp4, mov, webm; photo: jpg, jpeg, png; audio: mp3) and sizes (an image
 * under 10 MB, a video under 200 MB, at most 20 files). The spec gives no size for documents and
 * audio: they take the image's 10 MB, which holds any homework sheet or a long mp3 recording.
 */
export type FileGroup = 'doc' | 'video' | 'photo' | 'audio'

const megabyte = 1024 * 1024

export const answerFileRules = {
  groups: {
    doc: { extensions: ['pdf', 'docx', 'doc'], maxBytes: 10 * megabyte },
    video: { extensions: ['avi', 'mp4', 'mov', 'webm'], maxBytes: 200 * megabyte },
    photo: { extensions: ['jpg', 'jpeg', 'png'], maxBytes: 10 * megabyte },
    audio: { extensions: ['mp3'], maxBytes: 10 * megabyte },
  },
  maxFiles: questionLimits.maxFiles,
} as const satisfies { groups: Record<FileGroup, { extensions: ReadonlyArray<string>; maxBytes: number }>; maxFiles: number }

/** The `accept` attribute of the file input: every extension of every group. */
export const acceptedExtensions = Object.values(answerFileRules.groups).flatMap((group) => group.extensions.map((extension) => `.${extension}`)).join(',')

export const fileGroupOf = (name: string): FileGroup | null => {
  const extension = name.toLowerCase().split('.').pop() ?? ''
  if (!name.includes('.')) return null
  for (const [group, rule] of Object.entries(answerFileRules.groups) as Array<[FileGroup, { extensions: ReadonlyArray<string> }]>) if (rule.extensions.includes(extension)) return group
  return null
}

export type FileProblem = { readonly kind: 'type'; readonly name: string } | { readonly kind: 'size'; readonly name: string; readonly maxMegabytes: number } | { readonly kind: 'count'; readonly max: number }

/** Problems of adding `added` to the `kept` files: a type outside the groups, a file at or over its group's size, too many files. */
export const checkAnswerFiles = (kept: number, added: ReadonlyArray<{ readonly name: string; readonly size: number }>): FileProblem[] => {
  const problems: FileProblem[] = []
  for (const file of added) {
    const group = fileGroupOf(file.name)
    if (group === null) problems.push({ kind: 'type', name: file.name })
    else if (file.size >= answerFileRules.groups[group].maxBytes) problems.push({ kind: 'size', name: file.name, maxMegabytes: answerFileRules.groups[group].maxBytes / megabyte })
  }
  if (kept + added.length > answerFileRules.maxFiles) problems.push({ kind: 'count', max: answerFileRules.maxFiles })
  return problems
}

/** The extensions of a group as shown to people: "PDF, DOCX, DOC". */
export const formatsOf = (group: FileGroup): string => answerFileRules.groups[group].extensions.map((extension) => extension.toUpperCase()).join(', ')
/** Every accepted format, for a one-line hint. */
export const allFormats = (): string => (Object.keys(answerFileRules.groups) as FileGroup[]).map(formatsOf).join(', ')
