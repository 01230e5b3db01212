import type { ProfileFields } from '../../plugins/profile/contract/account-api.ts'
import type { UserInfo } from '../../contracts/entities.ts'
import { classifyFailure } from '../../src/app/event-store.ts'
import { buildCatalogue } from '../../src/events/catalogue.ts'
import { createEventStore, type EventStore } from '../../src/events/store.ts'
import { updateProfile } from '../../plugins/profile/commands.ts'
import { profileEventNames } from '../../plugins/profile/events.ts'
import type { ProfileView } from '../../plugins/profile/projection.ts'
import * as profileParts from '../../plugins/profile/store-parts.ts'

/** The profile plugin's declarations, as the app loads them (src/app/event-store.ts), without the pages. */
const catalogue = buildCatalogue([{ id: 'profile', ...profileParts }])

/** Retry waits are the outbox's own "full jitter" scaled down 10×: the soak compresses hours of back-off into minutes. */
const compressedJitter = () => Math.random() * 0.1

export interface Outcomes {
  readonly confirmed: Set<string>
  readonly rejected: Map<string, string>
}

/**
 * One teacher's device: the app's event store and outbox (createEventStore, classifyFailure, the
 * profile plugin's updateProfile) on its own IndexedDB database, reloaded by disposing the store
 * and opening a new one on the same name, as a page reload does.
 */
export class SoakClient {
  store: EventStore
  online = true
  reloading = false
  /** What the teacher saved last: the server must end with exactly this. */
  intended: ProfileFields | null = null
  readonly dispatched: string[] = []
  readonly outcomes: Outcomes = { confirmed: new Set(), rejected: new Map() }
  private unsubscribe: () => void

  constructor(
    readonly index: number,
    readonly account: { id: string; email: string },
    private readonly loadUserInfo: () => Promise<UserInfo | null>,
    /** The outbox's watchdog, scaled to the device's short network time-out as the retry waits are. */
    private readonly deliveryTimeoutMs: number,
  ) {
    this.store = this.open()
    this.unsubscribe = this.watch()
  }

  /**
   * Named by the account, as the app names its log (`fasl-events:<account>`): a second soak in the
   * same process (the test runs one per database) must not restore the first one's log, whose
   * profile versions belong to another server.
   */
  private get dbName(): string {
    return `fasl-soak:${this.account.id}`
  }

  private open(): EventStore {
    return createEventStore({
      dbName: this.dbName,
      catalogue,
      classify: classifyFailure,
      online: this.online,
      random: compressedJitter,
      deliveryTimeoutMs: this.deliveryTimeoutMs,
    })
  }

  /** Answers as the store records them (kept across reloads: compaction may drop them from the log later). */
  private watch(): () => void {
    const store = this.store
    return store.subscribe(() => {
      for (const event of store.getSnapshot().events) {
        if (event.name === 'v1.CommandConfirmed') this.outcomes.confirmed.add((event.payload as { commandId: string }).commandId)
        if (event.name === 'v1.CommandRejected') {
          const { commandId, code, message } = event.payload as { commandId: string; code: number; message: string }
          this.outcomes.rejected.set(commandId, `${code} ${message}`)
        }
      }
    })
  }

  profile(): ProfileView | undefined {
    return this.store.getSnapshot().views.profile as ProfileView | undefined
  }

  /** What the profile page does on each visit: a newer server read enters the log. */
  async loadProfile(): Promise<void> {
    const info = await this.loadUserInfo()
    const known = this.profile()?.confirmed?.version ?? -1
    if (info !== null && info.version >= known && !this.reloading) this.store.append(profileEventNames.userInfoLoaded, { userInfo: info })
  }

  /** The profile form's save: made against the version the form shows. */
  save(fields: ProfileFields): boolean {
    const info = this.profile()?.profile
    if (info === null || info === undefined || this.reloading) return false
    this.dispatched.push(this.store.dispatch(updateProfile, { ...fields, expectedVersion: info.version }))
    this.intended = fields
    return true
  }

  setOnline(online: boolean) {
    this.online = online
    this.store.setOnline(online)
  }

  async reload(): Promise<void> {
    this.reloading = true
    const before = this.store
    this.unsubscribe()
    before.dispose()
    await before.flushed()
    this.store = this.open()
    this.unsubscribe = this.watch()
    await this.store.ready
    this.reloading = false
    await this.loadProfile()
  }

  pending(): number {
    return this.store.getSnapshot().sync.pending.length
  }

  async close(): Promise<void> {
    this.unsubscribe()
    this.store.dispose()
    await this.store.flushed()
  }

  /** Drops the device's IndexedDB (after close): thousands of logged saves need not outlive the run. */
  async forget(): Promise<void> {
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(this.dbName)
      request.onsuccess = request.onerror = request.onblocked = () => resolve()
    })
  }
}
