import type { Message } from '../../../contracts/errors.ts'
import { examCodes } from './codes.ts'

/** The texts of the exam feature's own codes, in both languages: its part of the catalogue (contracts/feature-catalogue.ts). */
export const examCatalogue: Readonly<Record<number, Message>> = {
  [examCodes.examNotEditable]: {
    en: 'This exam has already opened to students: it can no longer be changed.',
    ar: 'فُتح هذا الامتحان للطلاب بالفعل: لم يعد من الممكن تعديله.',
  },
  [examCodes.examCannotBeSubmitted]: {
    en: 'Only a draft or an exam that requires an edit can be sent for approval.',
    ar: 'لا يمكن إرسال امتحان للاعتماد إلا إذا كان مسودة أو مطلوبًا تعديله.',
  },
  [examCodes.examNotWaitingForApproval]: {
    en: 'This exam is not waiting for approval.',
    ar: 'هذا الامتحان ليس في انتظار الاعتماد.',
  },
  [examCodes.examNotApproved]: {
    en: 'Only an approved exam can be sent to students.',
    ar: 'لا يمكن إرسال امتحان إلى الطلاب إلا بعد اعتماده.',
  },
  [examCodes.examCannotBeDeleted]: {
    en: 'This exam has been sent to students: it can no longer be deleted.',
    ar: 'أُرسل هذا الامتحان إلى الطلاب: لم يعد من الممكن حذفه.',
  },
  [examCodes.correctorAlreadyAnswered]: {
    en: 'You have already answered this correction assignment.',
    ar: 'لقد رددت بالفعل على تكليف التصحيح هذا.',
  },
  [examCodes.examAlreadyPublished]: {
    en: 'The results of this exam are published: it can no longer be switched to training mode.',
    ar: 'نُشرت نتائج هذا الامتحان: لم يعد من الممكن تحويله إلى وضع التدريب.',
  },
}
