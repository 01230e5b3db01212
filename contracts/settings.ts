/**
 * Product constants and the defaults DESIGN.md chose where the spec's readings disagree.
 * Each is a school setting; these are the values until a school picks the other reading.
 */
export const sessionDefaults = {
  /** 30 minutes without mouse, key or focus activity signs the teacher out. */
  idleTimeoutMs: 30 * 60 * 1000,
  /** The "stay signed in" prompt shows this long before the sign-out. */
  idleWarningMs: 60 * 1000,
  /** Access tokens live this long; the client refreshes when the stored expiry has passed. */
  accessTokenTtlSeconds: 15 * 60,
  /** A sign-in is good for at most this long, however often it is refreshed. */
  absoluteSessionSeconds: 12 * 60 * 60,
} as const

export const requestDefaults = {
  /** The spec's helpers time out after about 1,000,000 ms with code 408. */
  timeoutMs: 1_000_000,
} as const

export const passwordResetDefaults = {
  linkTtlMinutes: 30,
  perAccountPerHour: 3,
  perAddressPerHour: 20,
} as const

/**
 * A change of email (Fasl's own): the confirmation link sent to the new address lives a day, and an
 * account asks for at most 5 changes an hour (taken address or not: the limit tells nothing).
 */
export const emailChangeDefaults = {
  linkTtlHours: 24,
  perAccountPerHour: 5,
} as const

export const signInLimits = {
  /** Failed sign-ins per account in 15 minutes before the account is paused. */
  perAccount: 10,
  /** Sign-in attempts per client address in 15 minutes. */
  perAddress: 100,
  windowMinutes: 15,
} as const

export const autoLoginDefaults = { linkTtlMinutes: 60 * 24 } as const

export const requestLimits = {
  /** The largest request body a call takes unless it declares its own (FASL_MAX_BODY_BYTES). */
  maxBodyBytes: 1024 * 1024,
} as const

/**
 * What one account may upload (server/uploads/upload-limits.ts); each upload reserves its place
 * before its first byte is read, so parallel uploads cannot slip past a limit together. How many
 * uploads nothing names yet may wait is each upload purpose's own (contracts/attachments.ts).
 */
export const uploadLimits = {
  /**
   * Bytes an account may upload per day (UTC), 1 GB: five videos at the largest size the spec
   * takes (200 MB), yet a stop to a script filling the school's disk. A school sets its own in
   * `schools.upload_bytes_per_account_per_day` (NULL = this default).
   */
  bytesPerAccountPerDay: 1024 * 1024 * 1024,
} as const

export const profileImageRules = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png'] as ReadonlyArray<string>,
} as const

/** Side-bar entries a teacher gets when the login answers an empty role list (spec section 6). */
export const defaultTeacherRoles = ['Home', 'Courses', 'Assignments', 'Exams', 'Results', 'Schedule', 'Settings'] as const

/** Not in the spec (its roles are the teacher's side bar): a student's login has no roles, and holds these. */
export const defaultStudentRoles = ['Student', 'Settings'] as const

/** The web client's identity; both are configurable on the server (FASL_CLIENT_ID / FASL_CLIENT_SECRET). */
export const webClient = { clientId: 'fasl-web', clientSecret: 'fasl-web-secret' } as const

/** The timezone-offset header, in hours (spec section 7). */
export const timezoneOffsetHeader = 'X-Timezone-Offset'
export const idempotencyKeyHeader = 'Idempotency-Key'

/**
 * Phone numbers as people type them (contracts/validation.ts normalisePhone): the school's country
 * calling code, written before a number as `+20` or `0020`, becomes the national trunk prefix `0`
 * (+20 10 1234 5678 → 01012345678). Egypt's by default (the Arabic locale is ar-EG); one school, one country.
 */
export const phoneDefaults = { countryCode: '20', trunkPrefix: '0' } as const
