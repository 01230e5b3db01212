import { chapterNameMaxLength } from '../../contract/chapters-api.ts'
import { checkNoBidiControls } from '../../../../contracts/bidi.ts'
import { checkNoControlCharacters, type Issue } from '../../../../contracts/validation.ts'

/** The client face of the contract's RequiredName(100): required once trimmed (whitespace alone is refused), at most 100 characters, one line, no bidirectional controls. */
export const checkChapterOrTopicName = (name: string): Issue[] => {
  const trimmed = name.trim()
  if (trimmed === '') return [{ field: 'name', key: 'required' }]
  if ([...trimmed].length > chapterNameMaxLength) return [{ field: 'name', key: 'lengthAtMost', values: { max: chapterNameMaxLength } }]
  const controls = checkNoControlCharacters('name', name)
  return controls.length > 0 ? controls : checkNoBidiControls('name', name)
}
