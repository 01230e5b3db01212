import { createActor, type AnyStateMachine, type EventObject, type SnapshotFrom, type StateValue } from 'xstate'
import { TestModel } from 'xstate/graph'

/**
 * Model-based browser tests: paths generated from a machine of the app (found through the plugin
 * list) are walked in Chromium. Each step's event is PERFORMED on the page (a click, a held server
 * answer released, the clock moved on), then the page is checked against the state the machine says
 * it is in: XState's `path.test({ states, events })` practice, with the real system under test.
 *
 * A machine plugs in with a `PageModel`: the events the page can produce (with their payloads),
 * an action for each, and an assertion for each leaf state. Only those events are given to the
 * path generator, so every generated path can be walked; shortest paths, one per (state, event,
 * previous state), cover each transition those events reach once. What the page cannot drive
 * (e.g. a token refresh) stays covered by the machine's own test (tests/machines/).
 */
export interface PageModel<Machine extends AnyStateMachine, World> {
  readonly input?: unknown
  /** The events the page can perform, with their payloads. */
  readonly events: ReadonlyArray<EventObject & Record<string, unknown>>
  /** Event type → what the page does. */
  readonly perform: Readonly<Record<string, (world: World, event: EventObject) => Promise<void>>>
  /** Leaf state ('signedIn.idleWarning') → what the page must show; the snapshot carries the context. */
  readonly expect: Readonly<Record<string, (world: World, snapshot: SnapshotFrom<Machine>) => Promise<void>>>
  /**
   * Whether the page can perform `event` in this state, beyond the machine accepting it (e.g. the page
   * raises a deadline only while its countdown shows); default: whatever the machine accepts.
   */
  readonly performable?: (snapshot: SnapshotFrom<Machine>, event: EventObject) => boolean
  /** Extra context that tells states apart (e.g. whether an error is held); default none. */
  readonly distinguish?: (snapshot: SnapshotFrom<Machine>) => unknown
}

/** `{ signedIn: 'active' }` → 'signedIn.active' (one region; parallel states are not used here). */
export const leafPath = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : (Object.entries(value).map(([key, child]) => (child === undefined ? key : `${key}.${leafPath(child as StateValue)}`))[0] ?? '')

export interface BrowserPath<World> {
  readonly description: string
  readonly events: ReadonlyArray<string>
  /** The leaf states the path goes through, the first one included. */
  readonly states: ReadonlyArray<string>
  readonly run: (world: World) => Promise<void>
}

export const browserPaths = <Machine extends AnyStateMachine, World>(machine: Machine, model: PageModel<Machine, World>): ReadonlyArray<BrowserPath<World>> => {
  const testModel = new TestModel(machine, {
    input: model.input,
    events: model.events as never,
    filterEvents: (snapshot, event) =>
      (snapshot as { can: (event: EventObject) => boolean }).can(event) && (model.performable?.(snapshot as SnapshotFrom<Machine>, event) ?? true),
    serializeState: (snapshot, event, previous) =>
      JSON.stringify([
        leafPath(snapshot.value as StateValue),
        model.distinguish?.(snapshot as SnapshotFrom<Machine>) ?? null,
        event ?? null,
        previous ? leafPath(previous.value as StateValue) : null,
      ]),
    stateMatcher: (snapshot, key) => leafPath(snapshot.value as StateValue) === key,
  })
  const initial: { readonly value: StateValue } = (
    createActor as (logic: AnyStateMachine, options: { input: unknown }) => { getSnapshot: () => { value: StateValue } }
  )(machine, { input: model.input }).getSnapshot()
  return testModel.getShortestPaths().map((path) => {
    const reached = [initial.value, ...path.steps.map((step) => step.state.value as StateValue)].map(leafPath)
    return {
      description: path.description,
      events: path.steps.map((step) => step.event.type),
      states: reached,
      run: async (world: World) => {
        const unchecked = reached.filter((state) => model.expect[state] === undefined)
        if (unchecked.length > 0) throw new Error(`The page model has no assertion for ${[...new Set(unchecked)].join(', ')}`)
        const states = Object.fromEntries(
          Object.entries(model.expect).map(([key, check]) => [key, (snapshot: unknown) => check(world, snapshot as SnapshotFrom<Machine>)]),
        )
        const events = Object.fromEntries(Object.entries(model.perform).map(([type, act]) => [type, (step: { event: EventObject }) => act(world, step.event)]))
        // path.test checks the state after each step; the first state is checked here.
        await states[leafPath(initial.value)]!(initial)
        await path.test({ states, events } as never)
      },
    }
  })
}
