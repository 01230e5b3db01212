import { createContext, useContext } from 'react'

/**
 * What every field of the question editor needs: its element id (`<form id>-questions.2.options.0.text`,
 * so the form helper can focus the first refused field) and its builder-rules message, already in
 * the user's language. Given once by the list editor, read by each field.
 */
export interface EditorFields {
  readonly idOf: (field: string) => string
  readonly errorOf: (field: string) => string | undefined
}

const EditorContext = createContext<EditorFields>({ idOf: (field) => field, errorOf: () => undefined })

export const EditorFieldsProvider = EditorContext.Provider
export const useEditorFields = (): EditorFields => useContext(EditorContext)

export const join = (path: string, field: string | number): string => (path === '' ? String(field) : `${path}.${field}`)
