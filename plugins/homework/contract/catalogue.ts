import type { Message } from '../../../contracts/errors.ts'
import { homeworkCodes } from './codes.ts'

/** The texts of homework's own codes, in both languages: its part of the catalogue (contracts/feature-catalogue.ts). */
export const homeworkCatalogue: Readonly<Record<number, Message>> = {
  [homeworkCodes.homeworkAnswered]: {
    en: 'Students have already answered this homework. Deleting it deletes their answers too; confirm to delete it anyway.',
    ar: 'أجاب الطلاب بالفعل عن هذا الواجب. حذفه يحذف إجاباتهم أيضًا؛ أكّد الحذف إن أردت المتابعة.',
  },
  [homeworkCodes.homeworkExistsForClass]: { en: 'Homework already exists for the class on this day.', ar: 'يوجد واجب بالفعل لهذا الفصل في هذا اليوم.' },
  [homeworkCodes.homeworkPastDue]: {
    en: 'The due date has passed: this homework can no longer be answered.',
    ar: 'انتهى موعد التسليم: لم يعد من الممكن الإجابة عن هذا الواجب.',
  },
  [homeworkCodes.homeworkAlreadyHandedIn]: {
    en: 'This homework was already handed in: its answers can no longer change.',
    ar: 'تم تسليم هذا الواجب بالفعل: لم يعد من الممكن تغيير إجاباته.',
  },
  [homeworkCodes.correctionNotReady]: {
    en: 'This work cannot be corrected yet: the student has not handed it in and its due date has not passed.',
    ar: 'لا يمكن تصحيح هذا العمل بعد: لم يسلّمه الطالب ولم ينتهِ موعد تسليمه.',
  },
  [homeworkCodes.correctionAlreadyDone]: {
    en: 'This work is already marked corrected. Reopen its correction to change it.',
    ar: 'تم تحديد هذا العمل كمصحَّح بالفعل. أعد فتح التصحيح لتغييره.',
  },
  [homeworkCodes.correctionNotDone]: { en: 'Only corrected work can be reopened.', ar: 'لا يمكن إعادة فتح إلا العمل المصحَّح.' },
  [homeworkCodes.answerFilesPending]: {
    en: 'You already have 20 files for this question that your saved answer does not include. Save your answer before uploading more.',
    ar: 'لديك بالفعل 20 ملفًا لهذا السؤال لا تتضمنها إجابتك المحفوظة. احفظ إجابتك قبل رفع المزيد.',
  },
  [homeworkCodes.homeworkUploadsPending]: {
    en: 'You already have 20 uploaded files that no homework lists. Save your homework before uploading more.',
    ar: 'لديك بالفعل 20 ملفًا مرفوعًا لا يتضمنها أي واجب. احفظ واجبك قبل رفع المزيد.',
  },
  [homeworkCodes.undoPastDue]: {
    en: 'The due date has passed: this hand-in can no longer be undone.',
    ar: 'انتهى موعد التسليم: لم يعد من الممكن التراجع عن هذا التسليم.',
  },
  [homeworkCodes.undoAfterMarking]: {
    en: 'Your teacher has started marking this work: the hand-in can no longer be undone.',
    ar: 'بدأ معلمك تصحيح هذا العمل: لم يعد من الممكن التراجع عن التسليم.',
  },
  [homeworkCodes.undoAfterAnswersShown]: {
    en: 'Your result or the right answers were shown when you handed in: the hand-in can no longer be undone.',
    ar: 'عُرضت نتيجتك أو الإجابات الصحيحة عند التسليم: لم يعد من الممكن التراجع عن التسليم.',
  },
  [homeworkCodes.undoNotHandedIn]: { en: 'This work is not handed in: there is no hand-in to undo.', ar: 'هذا العمل غير مسلَّم: لا يوجد تسليم للتراجع عنه.' },
  [homeworkCodes.extensionAfterHandIn]: {
    en: "This student's work is handed in or being marked: her due date can no longer be extended.",
    ar: 'عمل هذا الطالب مسلَّم أو قيد التصحيح: لم يعد من الممكن تمديد موعد تسليمه.',
  },
  [homeworkCodes.extensionAfterAnswersShown]: {
    en: 'The right answers have already been released to this student: her due date can no longer be extended.',
    ar: 'أُتيحت الإجابات الصحيحة لهذا الطالب بالفعل: لم يعد من الممكن تمديد موعد تسليمه.',
  },
}
