/**
 * Named route references: the only way a feature links into another one (no hand-built paths).
 * The spellings are the spec's (§2); matching is case-insensitive.
 */
export const classRoomSlug = (name: string): string => name.replace(/\s+/g, '').replace(/\//g, '-')

const q = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, value)
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

export const paths = {
  home: '/',
  signIn: '/Signin',
  forgetPassword: '/ForgetPassword',
  resetPassword: '/resetPassword',
  signInForget: '/signInForget',
  resetPasswordDone: '/resetPasswordDone',
  linkExpired: '/linkExpired',
  forgetSignin: '/ForgetSignin',
  timedOut: '/timed-out',
  error404: '/Error404',
  error401: '/Error401',
  error403: '/Error403',
  error505: '/Error505',
  classroom: '/classroom/:name',
  homeworkStudentsList: '/classroom/:name/homeworkStudentsList',
  onlineSessions: '/onlinesessions',
  onlineSessionsSummary: '/onlinesessions/summary',
  messages: '/messages',
  exams: '/exams',
  examCreate: '/exams/create',
  examEdit: '/exams/edit/:id',
  examSessions: '/exams/sessions',
  examCorrect: '/exams/sessions/examcorrect/:id',
  calendar: '/calendar',
  courses: '/courses',
  assignments: '/assignments',
  results: '/results',
  settingProfile: '/settingProfile',
  notifications: '/Notifcation',
} as const

export const routes = {
  home: () => paths.home,
  signIn: (params: { id?: string; token?: string } = {}) => paths.signIn + q(params),
  forgetPassword: () => paths.forgetPassword,
  resetPassword: (params: { token?: string } = {}) => paths.resetPassword + q(params),
  signInForget: () => paths.signInForget,
  resetPasswordDone: () => paths.resetPasswordDone,
  linkExpired: () => paths.linkExpired,
  forgetSignin: () => paths.forgetSignin,
  timedOut: () => paths.timedOut,
  error404: () => paths.error404,
  error401: () => paths.error401,
  error403: () => paths.error403,
  error505: () => paths.error505,
  /** `/classroom/{name}?at=classRoom`; the id and subjects travel in history state (see ClassRoomState). */
  classroom: (params: { name: string }) => `/classroom/${encodeURIComponent(classRoomSlug(params.name))}?at=classRoom`,
  homeworkStudentsList: (params: { name: string }) => `/classroom/${encodeURIComponent(classRoomSlug(params.name))}/homeworkStudentsList`,
  onlineSessions: () => paths.onlineSessions,
  onlineSessionsSummary: () => paths.onlineSessionsSummary,
  messages: () => paths.messages,
  exams: () => paths.exams,
  examCreate: () => paths.examCreate,
  examEdit: (params: { id: string | number }) => `/exams/edit/${encodeURIComponent(String(params.id))}`,
  examSessions: () => paths.examSessions,
  examCorrect: (params: { id: string | number }) => `/exams/sessions/examcorrect/${encodeURIComponent(String(params.id))}`,
  calendar: () => paths.calendar,
  courses: () => paths.courses,
  assignments: () => paths.assignments,
  results: () => paths.results,
  settingProfile: () => paths.settingProfile,
  notifications: () => paths.notifications,
} as const

export type RouteName = keyof typeof routes
