import type { Message } from './errors.ts'

/**
 * The specification's catalogue (§8): the client words these codes itself, in the page's language.
 * A module of its own, so the first screen's bundle (which needs errors.ts for the locale helpers)
 * does not carry it: the client reads it in the API client's chunk, with the first call.
 */
export const specCatalogue: Readonly<Record<number, Message>> = {
  100: { en: 'Failed To Send Code', ar: 'فشل إرسال الرمز' },
  101: { en: 'Invalid Code', ar: 'الرمز غير صحيح' },
  102: { en: 'Verification Code Required', ar: 'رمز التحقق مطلوب' },
  103: { en: 'SMS Interval Send Violation', ar: 'يرجى الانتظار قبل طلب رسالة جديدة' },
  104: { en: 'User not Found', ar: 'المستخدم غير موجود' },
  106: { en: 'Registration Field Already Exist', ar: 'بيانات التسجيل موجودة بالفعل' },
  107: { en: 'Forget Password Field Required', ar: 'حقل استعادة كلمة المرور مطلوب' },
  108: { en: 'Phone Number Already Exist', ar: 'رقم الهاتف موجود بالفعل' },
  109: { en: 'Invalid Refresh Token', ar: 'رمز التحديث غير صالح' },
  110: { en: 'Email Not Confirmed', ar: 'البريد الإلكتروني غير مؤكد' },
  111: { en: 'Phone Number Not Confirmed', ar: 'رقم الهاتف غير مؤكد' },
  112: { en: 'Maximum SMS Send Code Reached', ar: 'تم بلوغ الحد الأقصى لإرسال الرموز' },
  113: { en: 'Phone Number Required', ar: 'رقم الهاتف مطلوب' },
  114: { en: 'Email Required', ar: 'البريد الإلكتروني مطلوب' },
  115: { en: 'Email Already Exists', ar: 'البريد الإلكتروني موجود بالفعل' },
  116: { en: 'Wrong Email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  117: { en: 'Wrong Email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  118: { en: 'Custom Text Required', ar: 'النص المخصص مطلوب' },
  119: { en: 'Custom DropDown Required', ar: 'القائمة المخصصة مطلوبة' },
  120: { en: 'Invalid Client', ar: 'تطبيق غير معروف' },
  121: { en: 'Failed To Update User', ar: 'تعذر تحديث بيانات المستخدم' },
  122: { en: 'Invalid Facebook Token', ar: 'رمز فيسبوك غير صالح' },
  123: { en: 'Facebook Token Doesnt Exist', ar: 'رمز فيسبوك غير موجود' },
  124: { en: 'Wrong Email or password', ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
  125: { en: 'Google Token Doesnt Exist', ar: 'رمز جوجل غير موجود' },
  126: { en: 'Invalid Google Token', ar: 'رمز جوجل غير صالح' },
  127: { en: 'Invalid Registration Type', ar: 'نوع التسجيل غير صالح' },
  128: { en: 'Invalid Login Type', ar: 'نوع تسجيل الدخول غير صالح' },
  129: { en: 'Social User Exist', ar: 'المستخدم مسجل بالفعل عبر حساب اجتماعي' },
  131: { en: 'Invalid reset token', ar: 'رابط إعادة التعيين غير صالح' },
  138: { en: 'Old password is incorrect', ar: 'كلمة المرور القديمة غير صحيحة' },
}
