import type { Message } from '../../../contracts/errors.ts'
import { examCodes } from './codes.ts'

/** The texts of the exam feature's own codes, in both languages: its part of the catalogue (contracts/feature-catalogue.ts). */
export const examCatalogue: Readonly<Record<number, Message>> = {
  [examCodes.examNotEditable]: {
    en: 'This exam has been sent to students: it can no longer be changed.',
    ar: 'أُرسل هذا الامتحان إلى الطلاب: لم يعد من الممكن تعديله.',
  },
  [examCodes.examCannotBeSubmitted]: {
    en: "Only a draft or an exam that requires an edit, with questions and correctors' percentages totalling 100%, can be sent for approval.",
    ar: 'لا يُرسل للاعتماد إلا امتحان مسودة أو مطلوب تعديله، فيه أسئلة ومجموع نسب مصححيه ١٠٠٪.',
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
    en: 'A published or rejected exam can no longer be switched to training mode.',
    ar: 'لا يمكن تحويل امتحان منشور أو مرفوض إلى وضع التدريب.',
  },
  [examCodes.examWaitingForApproval]: {
    en: 'This exam is waiting for approval: withdraw it first to change it.',
    ar: 'هذا الامتحان في انتظار الاعتماد: اسحبه أولًا لتعديله.',
  },
  [examCodes.examRejected]: {
    en: 'This exam was rejected: it can only be deleted.',
    ar: 'رُفض هذا الامتحان: يمكن حذفه فقط.',
  },
  [examCodes.correctorNotWaitingForApproval]: {
    en: 'This corrector is not waiting for approval.',
    ar: 'هذا المصحح ليس في انتظار الاعتماد.',
  },
}
