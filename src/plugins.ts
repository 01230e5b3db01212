import auth from '../plugins/auth/plugin.ts'
import classroom from '../plugins/classroom/plugin.ts'
import courses from '../plugins/courses/plugin.ts'
import errors from '../plugins/errors/plugin.ts'
import exams from '../plugins/exams/plugin.ts'
import home from '../plugins/home/plugin.ts'
import homework from '../plugins/homework/plugin.ts'
import student from '../plugins/student/plugin.ts'
import messages from '../plugins/messages/plugin.ts'
import notifications from '../plugins/notifications/plugin.ts'
import profile from '../plugins/profile/plugin.ts'
import results from '../plugins/results/plugin.ts'
import schedule from '../plugins/schedule/plugin.ts'
import type { Plugin } from './plugin-host/define-plugin.ts'

/** Every feature of the app. Adding a feature = a folder under plugins/ and one line here. */
export const plugins: ReadonlyArray<Plugin> = [
  auth,
  home,
  classroom,
  homework,
  student,
  courses,
  exams,
  results,
  schedule,
  messages,
  notifications,
  profile,
  // Last: its '*' route is the catch-all 404.
  errors,
]
