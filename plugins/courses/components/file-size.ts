import type { Translate } from '../../../src/i18n/intl.tsx'

/** A size as people read it: KB under a megabyte, else MB with one decimal, in the teacher's digits. */
export const fileSize = (t: Translate, bytes: number) =>
  bytes < 1024 * 1024 ? t('courses.file.sizeKb', { size: Math.max(1, Math.round(bytes / 1024)) }) : t('courses.file.sizeMb', { size: Math.round((bytes / 1024 / 1024) * 10) / 10 })
