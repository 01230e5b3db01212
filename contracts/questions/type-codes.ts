/**
 * The numeric question type codes the API carries in every question's and answer's `type`.
 * The spec fixes three of them (1 and 2 carry options, 6 is re-arrange) and shows no more of the
 * table; the others follow the spec's own listing order around those fixed points
 * (multiple choice, single choice, true/false, paragraph, small paragraph, re-arrange, complete,
 * connect, then the third-part labels upload and audio recording).
 */
export const QuestionType = {
  multipleChoice: 1,
  singleChoice: 2,
  trueFalse: 3,
  paragraph: 4,
  smallParagraph: 5,
  rearrange: 6,
  complete: 7,
  connect: 8,
  fileUpload: 9,
  audioRecording: 10,
} as const

export type QuestionTypeName = keyof typeof QuestionType
export type QuestionTypeCode = (typeof QuestionType)[QuestionTypeName]

/** Types a teacher grades by hand: the scoring module answers `manual` for them. */
export const manuallyGradedTypes: ReadonlySet<QuestionTypeCode> = new Set([
  QuestionType.paragraph,
  QuestionType.smallParagraph,
  QuestionType.fileUpload,
  QuestionType.audioRecording,
])
