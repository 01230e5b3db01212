import type { DemoSchool } from '../../../server/feature.ts'
import { schoolToday } from '../contract/courses.ts'
import { demoFileFolder, demoFiles } from './demo-files.ts'

/** The demo student whose class room the demo teacher's courses go to (plugins/classroom/server/demo-seed.ts links her account). */
const demoStudentEmail = 'student@fasl.school'

const dayMs = 24 * 60 * 60 * 1000

interface DemoCourse {
  readonly subject: string
  readonly title: string
  readonly description: string
  /** Days from the seed's school day: a released course lies behind it, a scheduled one ahead. */
  readonly releasedInDays: number
  readonly files: ReadonlyArray<{ readonly name: string; readonly fileName: string; readonly width?: number; readonly height?: number }>
}

/**
 * Two courses her class already reads (one written in English, one in Arabic) and one scheduled for
 * next week, which the teacher sees as scheduled and her students do not see yet.
 */
const demoCourses: ReadonlyArray<DemoCourse> = [
  {
    subject: 'Mathematics',
    title: 'Fractions: halves and quarters',
    description:
      'Print the worksheet and colour the shapes before Sunday. The fraction wall shows how many quarters make a half; check your work with the answers after you have tried.',
    releasedInDays: -2,
    files: [
      { name: 'fractions-worksheet.pdf', fileName: 'Fractions worksheet.pdf' },
      { name: 'fraction-wall.png', fileName: 'Fraction wall.png', width: 800, height: 500 },
      { name: 'fractions-answers.pdf', fileName: 'Fractions answers.pdf' },
    ],
  },
  {
    subject: 'Arabic',
    title: 'الجملة الاسمية: المبتدأ والخبر',
    description: 'اقرأ ورقة الشرح، ثم استخرج خمس جمل اسمية من درس القراءة واكتبها في كراستك. الصورة تبيّن المبتدأ والخبر بلونين.',
    releasedInDays: -1,
    files: [
      { name: 'nominal-sentence.pdf', fileName: 'الجملة الاسمية.pdf' },
      { name: 'sentence-blocks.png', fileName: 'المبتدأ والخبر.png', width: 800, height: 500 },
    ],
  },
  {
    subject: 'Science',
    title: 'Plants and light: a week-long experiment',
    description: 'Next week we grow two seedlings, one in the light and one in the dark, and draw what changes.',
    releasedInDays: 7,
    files: [{ name: 'plants-and-light.pdf', fileName: 'Plants and light.pdf' }],
  },
]

const group = (name: string) => (name.endsWith('.png') ? 'photo' : 'doc')

/** The demo teacher's courses, for the class room of the demo student (after the class room's part of the demo). */
export const seedCoursesDemo = async ({ tx, schoolId, staff }: DemoSchool): Promise<void> => {
  const [room] = await tx.query<{ id: number }>(
    'SELECT st.class_room_id AS id FROM students st JOIN users u ON u.id = st.user_id WHERE u.email = $1 AND st.school_id = $2 AND u.school_id = $2',
    [demoStudentEmail, schoolId],
  )
  if (room === undefined) throw new Error('the demo student is seeded by the class room feature first')
  const today = Date.parse(`${schoolToday(Date.now())}T00:00:00Z`)
  for (const course of demoCourses) {
    const [subject] = await tx.query<{ id: number }>('SELECT id FROM subjects WHERE school_id = $1 AND name_en = $2', [schoolId, course.subject])
    const releaseDate = new Date(today + course.releasedInDays * dayMs).toISOString().slice(0, 10)
    const [created] = await tx.query<{ id: number }>(
      'INSERT INTO courses (school_id, subject_id, title, release_date, description, created_by) VALUES ($1, $2, $3, $4::date, $5, $6) RETURNING id',
      [schoolId, subject!.id, course.title, releaseDate, course.description, staff.teacher],
    )
    await tx.query('INSERT INTO course_class_rooms (school_id, course_id, class_room_id) VALUES ($1, $2, $3)', [schoolId, created!.id, room.id])
    for (const [sort, file] of course.files.entries()) {
      const bytes = await demoFiles[file.name]!()
      await tx.query(
        `INSERT INTO course_attachments (school_id, course_id, uploaded_by, file_key, file_name, extension, file_group, size_bytes, width, height, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          schoolId,
          created!.id,
          staff.teacher,
          demoFileFolder + file.name,
          file.fileName,
          file.name.split('.').pop(),
          group(file.name),
          bytes.length,
          file.width ?? null,
          file.height ?? null,
          sort,
        ],
      )
    }
  }
}
