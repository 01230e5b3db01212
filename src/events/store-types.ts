import type { Delivery } from '../../machines/outbox.machine.ts'
import type { Catalogue } from './catalogue.ts'
import type { SetAsideCommand } from './lifecycle.ts'
import type { SyncStatus } from './tabs.ts'
import type { LogEvent } from './types.ts'

/** The event store's options and what it shows (store.ts). */
export interface EventStoreOptions {
  /** IndexedDB database name (per account is the app's choice; tests use one per test). */
  dbName: string
  /** What the plugins declare: events, projections, commands (a promise while lazy declarations load). */
  catalogue: Catalogue | Promise<Catalogue>
  /** Maps a failed `deliver` to a refusal or to "try again later" (no network, 503, 409 in progress). */
  classify: (error: unknown) => Exclude<Delivery, { kind: 'confirmed' }>
  /** The browser's connectivity at start; `setOnline` reports changes. */
  online?: boolean
  /** Randomness for the retry jitter (tests pass a fixed one). */
  random?: () => number
  /** Names the lock and channel shared by this account's tabs; default: derived from dbName. */
  tabsName?: string
  /** How long one delivery may go unanswered before the outbox asks again (machines/outbox.machine.ts). */
  deliveryTimeoutMs?: number
}

export interface SyncView {
  /** Commands in the log (kept on this device) that the server has not answered yet, oldest first. */
  readonly pending: ReadonlyArray<LogEvent>
  /** Commands that could not be sent (the server failed on them past a few tries): each waits for "retry" or "discard". */
  readonly setAside: ReadonlyArray<SetAsideCommand>
  /** The leading tab's outbox (this tab's when it leads). */
  readonly status: SyncStatus
  readonly online: boolean
  /**
   * The server answered the last delivery that it cannot serve now (503, a gateway's 502 / 504) or
   * failed on it (500), and the outbox is still at it (waiting to ask again, or asking): the banner
   * says the server has trouble, not the network. Off again once it answers, once the command is set
   * aside with nothing behind it, and while the browser is offline (that wording wins).
   */
  readonly serverTrouble: boolean
}

/** `SyncView.serverTrouble` from the outbox's state, the browser's connectivity and the server's last word. */
export const serverTroubleShown = (status: SyncStatus, online: boolean, lastAnswerTrouble: boolean): boolean =>
  online && lastAnswerTrouble && (status === 'backingOff' || status === 'delivering')

export interface StorageFailure {
  /** The event that could not be kept (it is no longer shown as kept). */
  readonly eventName: string
  readonly message: string
}

export interface EventStoreSnapshot {
  readonly events: ReadonlyArray<LogEvent>
  readonly sync: SyncView
  /** Each projection's view, by projection id. */
  readonly views: Readonly<Record<string, unknown>>
  readonly storageFailure: StorageFailure | null
  /**
   * True once this tab has read its log back (or could not: nothing more will come from it). Until
   * then the views hold only what happened since the page opened: a page that starts a form from
   * what the device still has to send waits for it.
   */
  readonly restored: boolean
  /** Stored records a restore could not read (moved aside, see `quarantined()`). */
  readonly quarantined: number
  readonly leader: boolean
}
