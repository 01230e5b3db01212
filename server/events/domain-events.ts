import { Effect } from 'effect'
import { inSchool } from '../services/tenancy.ts'
import { Clock } from '../services/clock.ts'

/**
 * The core's hook for what happens in a school (docs/architecture.md, "Domain events"). A feature
 * records its events in the transaction of the change they tell of, so an event exists exactly when
 * its change does; a subscriber (a feature declaring `domainEventSubscribers`) hears each once it
 * occurs, whichever feature recorded it, and neither names the other. Types are the recording
 * feature's, declared in its contract with a version (`'v1.homework.published'`).
 */
export interface DomainEvent<Payload = unknown> {
  readonly id: string
  readonly type: string
  readonly schoolId: number
  /** What it is about, as its feature keys it (`homework:12`): a pending event of a subject can be replaced or withdrawn. */
  readonly subject: string
  /** The user ids it is for: only accounts of its school. */
  readonly recipients: ReadonlyArray<string>
  readonly payload: Payload
  /** From when subscribers hear of it (ISO time): the change's moment, or later (a homework's release). */
  readonly occursAt: string
}

export type NewDomainEvent<Payload = unknown> = Omit<DomainEvent<Payload>, 'id' | 'schoolId' | 'occursAt'> & { readonly occursAt?: string }

const nowIso = Effect.gen(function* () {
  const clock = yield* Clock
  return new Date(clock.now()).toISOString()
})

/** Records `event` in the caller's school; it occurs now unless it says later. Nothing is recorded for nobody. */
export const recordDomainEvent = (event: NewDomainEvent) =>
  Effect.gen(function* () {
    if (event.recipients.length === 0) return
    const now = yield* nowIso
    const occursAt = event.occursAt !== undefined && event.occursAt > now ? event.occursAt : now
    yield* inSchool(
      `INSERT INTO domain_events (school_id, type, subject, recipients, payload, occurs_at) VALUES ($school, $1, $2, $3::uuid[], $4::text::jsonb, $5::text::timestamptz)`,
      [event.type, event.subject, event.recipients, JSON.stringify(event.payload), occursAt],
    )
  })

/** Withdraws the caller's school's events of `subject` that have not occurred yet (a homework deleted before its release). */
export const withdrawPendingDomainEvents = (subject: string) =>
  Effect.gen(function* () {
    yield* inSchool(`DELETE FROM domain_events WHERE school_id = $school AND subject = $1 AND occurs_at > $2::text::timestamptz`, [subject, yield* nowIso])
  })

/**
 * Told once per subject: replaces the subject's pending events of `event.type` with `event`, unless
 * one has occurred already (a homework edited after its release is not announced again).
 */
export const scheduleDomainEventOnce = (event: NewDomainEvent) =>
  Effect.gen(function* () {
    const now = yield* nowIso
    yield* inSchool(`DELETE FROM domain_events WHERE school_id = $school AND subject = $1 AND type = $2 AND occurs_at > $3::text::timestamptz`, [
      event.subject,
      event.type,
      now,
    ])
    const told = yield* inSchool(`SELECT 1 FROM domain_events WHERE school_id = $school AND subject = $1 AND type = $2 LIMIT 1`, [event.subject, event.type])
    if (told.length === 0) yield* recordDomainEvent(event)
  })
