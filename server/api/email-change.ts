import { Effect } from 'effect'
import { ResponseCode } from '../../contracts/errors.ts'
import { emailChangeDefaults } from '../../contracts/settings.ts'
import { AccountStates } from '../auth/account-states.ts'
import { consumeEmailChangeToken, createLinkToken, endLinkTokens } from '../auth/link-tokens.ts'
import { findUserById, type UserRow } from '../auth/users.ts'
import { Refused } from '../../contracts/failures.ts'
import { Audit } from '../services/audit.ts'
import { Config } from '../services/config.ts'
import { Db, onDb } from '../services/db.ts'
import { Mailer } from '../services/mailer.ts'
import { acrossSchools } from '../services/tenancy.ts'
import { addressInUseMail, confirmationMail, sendEmailChangeRequestedNotice } from './email-change-mail.ts'
import { sendEmailChangedNotice } from './security-mail.ts'

/** The rate-limit bucket of an account's email-change requests. */
export const emailChangeBucket = (userId: string) => `email-change:account:${userId}`

type AddressOwner = Pick<UserRow, 'first_name' | 'email' | 'preferred_language' | 'school_id'>

/**
 * A change of `user`'s email to `newEmail`, asked for: nothing changes until the link mailed to the
 * new address is followed. Whether the address is free or another account's, the same happens for
 * the caller (a link token holds the pending address, the old address is told, the answer is the
 * same): only the mail to the new address differs, a confirmation link when it is free, a note that
 * someone tried when it is taken (its owner reads it, the caller never sees it).
 */
export const requestEmailChange = (user: UserRow, newEmail: string) =>
  Effect.gen(function* () {
    const config = yield* Config
    const mailer = yield* Mailer
    const db = yield* Db
    // One pending change at a time: a new request ends the links of the earlier ones.
    yield* onDb((on) => endLinkTokens(on, user, 'email-change'))
    const ttlMinutes = emailChangeDefaults.linkTtlHours * 60
    const { token, expiresAt } = yield* onDb((on) => createLinkToken(on, user, 'email-change', ttlMinutes, newEmail))
    const [owner] = yield* db.queryAcrossSchools<AddressOwner>(
      acrossSchools(
        'emails are unique across schools (sign-in is by email)',
        'SELECT first_name, email, preferred_language, school_id FROM users WHERE lower(email) = lower($1) AND id <> $2',
      ),
      [newEmail, user.id],
    )
    if (owner === undefined) {
      const url = `${config.linkBase}/confirmEmail?token=${encodeURIComponent(token)}`
      yield* mailer.send({
        schoolId: user.school_id,
        recipient: newEmail,
        ...confirmationMail(user, newEmail, url, emailChangeDefaults.linkTtlHours),
        link: url,
        expiresAt,
      })
    } else {
      // Told in its own school's outbox: the mail is about that account, not the caller's.
      yield* mailer.send({ schoolId: owner.school_id, recipient: owner.email, ...addressInUseMail(owner), link: null })
    }
    yield* sendEmailChangeRequestedNotice(user, newEmail)
  })

/**
 * Follows a confirmation link, signed out: the account's email becomes the link's address if no
 * other account took it meanwhile; the link is used either way, the account's other email-change
 * links end, and the old address is told (with a reset link, as after any email change).
 */
export const confirmEmailChange = (token: string) =>
  Effect.gen(function* () {
    const outcome = yield* (yield* Db).transaction(
      Effect.gen(function* () {
        const link = yield* onDb((on) => consumeEmailChangeToken(on, token))
        const before = link === null ? null : yield* onDb((on) => findUserById(on, link.userId))
        if (link === null || before === null) return { code: ResponseCode.emailLinkInvalid } as const
        yield* onDb((on) => endLinkTokens(on, before, 'email-change'))
        // The unique index on lower(email) is the final word when two accounts race for one address.
        const changed = yield* (yield* Db).queryUnlessDuplicate<UserRow>(
          `/* across schools: the account of a link, signed out */ UPDATE users SET email = $2, version = version + 1
             WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users other WHERE lower(other.email) = lower($2) AND other.id <> $1) RETURNING *`,
          [before.id, link.newEmail],
        )
        if (changed === null || changed.length === 0) return { code: ResponseCode.emailTakenAtConfirmation } as const
        yield* (yield* Audit).ofAccount({
          schoolId: before.school_id,
          kind: 'email-changed',
          subjectId: before.id,
          detail: { from: before.email, to: link.newEmail },
        })
        yield* sendEmailChangedNotice(before, link.newEmail)
        return { code: ResponseCode.success, userId: before.id, email: link.newEmail } as const
      }),
    )
    if (outcome.code !== ResponseCode.success) return yield* Effect.fail(new Refused({ code: outcome.code }))
    ;(yield* AccountStates).forget(outcome.userId)
    return { email: outcome.email }
  })
