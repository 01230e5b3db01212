import { useT } from './intl.tsx'

/**
 * What stands between two facts on one line ("3 questions · 16 marks"): a middle dot in English; in
 * Arabic the Arabic comma, since a dot beside Arabic-Indic digits reads as a zero ("١٦ · درجة" looks
 * like "١٦٠"). It brings its own spaces, so write it without spaces around it.
 */
export function Separator() {
  return <>{useT()('shell.common.separator')}</>
}
