import type { Locale } from '../../../contracts/errors.ts'

/**
 * A class room's name as the exams' lists, papers and results show it, in the request's language:
 * its grade and its division ("Grade 4 A", "الصف الرابع أ"), so two divisions of one grade never read
 * alike; a class room without a division is its name alone. `room`: the query's alias of class_rooms.
 */
export const classRoomNameSql = (room: string, locale: Locale) => `concat_ws(' ', ${room}.name_${locale}, NULLIF(${room}.division_${locale}, ''))`
