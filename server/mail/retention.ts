import type { Queryable } from '../db/db.ts'

/**
 * What a stored mail's body shows where its link was, once the link is gone: language-neutral,
 * as the row does not record the mail's language. Also written by migration 0005.
 */
export const removedLinkMarker = '[…]'

/**
 * The SET clause that takes a mail's link out of its row, body included (the body carries the
 * URL). `$marker` is the parameter that holds `removedLinkMarker`.
 */
export const blankLink = (marker: string) => `body = coalesce(replace(body, link, ${marker}), body), link = NULL`

/**
 * The outbox's periodic clean-up, at `now` (the server's Clock, so tests move time on):
 * - a link that is still stored although its mail went out or it expired is blanked (delivery
 *   blanks it at once when it sends; this catches mail without SMTP, whose row stays unsent);
 * - sent mail older than its school's `sent_mail_retention_days` is deleted. Unsent mail is kept:
 *   without SMTP the outbox is where admins read it.
 * A system job: its statements touch every school's rows, each school by its own setting.
 */
export const pruneOutbox = async (db: Queryable, now: Date): Promise<void> => {
  await db.query(
    `/* across schools: mail retention */ UPDATE outbox SET ${blankLink('$2')}
      WHERE link IS NOT NULL AND (sent_at IS NOT NULL OR expires_at <= $1::timestamptz)`,
    [now.toISOString(), removedLinkMarker],
  )
  await db.query(
    `/* across schools: mail retention */ DELETE FROM outbox USING schools
      WHERE schools.id = outbox.school_id AND outbox.sent_at IS NOT NULL
        AND outbox.sent_at < $1::timestamptz - make_interval(days => schools.sent_mail_retention_days)`,
    [now.toISOString()],
  )
}
