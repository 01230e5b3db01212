import type { DbClient, Queryable } from '../db/db.ts'
import type { DomainEvent } from './domain-events.ts'

/** A reader of domain events: a feature declares it (ServerFeature.domainEventSubscribers), the core hands it each event once it occurs. */
export interface DomainEventSubscriber {
  /** Unique among subscribers: it names the subscriber's cursor. */
  readonly id: string
  /** Called with events in the order they occur; a throw hands the same events again next round (at least once). */
  readonly handle: (events: ReadonlyArray<DomainEvent>) => Promise<void>
}

interface EventRow {
  readonly id: string
  readonly type: string
  readonly schoolId: number
  readonly subject: string
  readonly recipients: ReadonlyArray<string>
  readonly payload: unknown
  readonly occursAt: string
  /** The exact time, as the cursor keeps it. */
  readonly cursorAt: string
}

const batchSize = 200

/**
 * Hands `subscriber` the events that have occurred by `now` past its cursor, a batch at a time, and
 * moves the cursor after each batch it took. The cursor's row is locked while a batch is handled,
 * so two server processes never hand one subscriber the same batch. A system job across schools:
 * each event carries its school, and the subscriber keeps them apart. Answers how many it handed.
 */
export const deliverDomainEvents = async (db: DbClient, now: Date, subscriber: DomainEventSubscriber): Promise<number> => {
  let handed = 0
  for (;;) {
    const count = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO domain_event_cursors (subscriber, occurs_at, event_id) VALUES ($1, '-infinity', 0) ON CONFLICT DO NOTHING`, [subscriber.id])
      const [cursor] = await tx.query<{ occursAt: string; eventId: string }>(
        `SELECT occurs_at::text AS "occursAt", event_id::text AS "eventId" FROM domain_event_cursors WHERE subscriber = $1 FOR UPDATE`,
        [subscriber.id],
      )
      const rows = await tx.query<EventRow>(
        `/* across schools: domain event delivery */ SELECT id::text, type, school_id AS "schoolId", subject, recipients::text[] AS recipients, payload,
            to_char(occurs_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occursAt",
            occurs_at::text AS "cursorAt"
          FROM domain_events WHERE (occurs_at, id) > ($1::text::timestamptz, $2::text::bigint) AND occurs_at <= $3::text::timestamptz
          ORDER BY occurs_at, id LIMIT ${batchSize}`,
        [cursor!.occursAt, cursor!.eventId, now.toISOString()],
      )
      if (rows.length === 0) return 0
      await subscriber.handle(rows.map(({ cursorAt: _, ...event }) => ({ ...event, schoolId: Number(event.schoolId) })))
      const last = rows.at(-1)!
      await tx.query(`UPDATE domain_event_cursors SET occurs_at = $2::text::timestamptz, event_id = $3::text::bigint WHERE subscriber = $1`, [
        subscriber.id,
        last.cursorAt,
        last.id,
      ])
      return rows.length
    })
    handed += count
    if (count < batchSize) return handed
  }
}

/** How long events are kept once they have occurred: a subscriber that falls further behind misses them. */
export const domainEventRetentionDays = 90

/** Housekeeping: deletes events that occurred more than the retention ago. */
export const pruneDomainEvents = async (db: Queryable, now: Date): Promise<void> => {
  await db.query(`/* across schools: domain event retention */ DELETE FROM domain_events WHERE occurs_at < $1::timestamptz - make_interval(days => $2)`, [
    now.toISOString(),
    domainEventRetentionDays,
  ])
}
