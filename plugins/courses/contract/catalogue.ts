import type { Message } from '../../../contracts/errors.ts'

/** Courses' own response codes (Fasl's range). */
export const courseCodes = {
  /** An upload refused before a byte is stored: 20 uploads no course lists yet (HTTP 400). */
  courseUploadsPending: 156,
} as const

/** Their texts, in both languages: courses' part of the catalogue (contracts/feature-catalogue.ts). */
export const coursesCatalogue: Readonly<Record<number, Message>> = {
  [courseCodes.courseUploadsPending]: {
    en: 'You already have 20 uploaded files that no course lists yet. Save the course, or remove files you no longer need, before uploading more.',
    ar: 'لديك بالفعل 20 ملفًا مرفوعًا لم تُضف إلى أي مقرر بعد. احفظ المقرر أو احذف الملفات التي لا تحتاجها قبل رفع المزيد.',
  },
}
