/** The shared question engine: the editor, the renderer and their pieces (see each file). */
export { QuestionListEditor } from './editor/question-list-editor.tsx'
export { QuestionEditor } from './editor/question-editor.tsx'
export { QuestionView, TeacherComment, type QuestionViewProps } from './renderer/question-view.tsx'
export { AudioRecorder } from './answer/audio-recorder.tsx'
export { FileAnswer } from './answer/file-answer.tsx'
export { AnswerFilesContext, type AnswerFilesValue } from './answer/answer-files-context.tsx'
export { newDraft, retype, totalDegree, toQuestion, withNewKeys, parseDegree, questionTypeOrder, type QuestionDraft } from './drafts.ts'
export { typeLabels } from './type-labels.ts'
