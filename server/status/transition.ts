import { transition, type AnyStateMachine, type ContextFrom, type EventFromLogic, type StateValue } from 'xstate'

/** A record's stored status: the state value the machine was in, and its context when it has one. */
export interface StoredStatus<M extends AnyStateMachine> {
  readonly value: StateValue
  readonly context: ContextFrom<M>
}

export type TransitionCheck = { readonly allowed: true; readonly next: StateValue } | { readonly allowed: false }

/**
 * Checks a status change with the same machine definition the client runs (machines/): the stored
 * value is resolved into a snapshot, asked whether it accepts `event` (guards included), and the
 * pure `transition` computes the next value. Nothing runs: no actions, no invoked actors, so the
 * server can use client machines whose actions touch the browser. An event the state does not
 * handle, or whose guards refuse it, is not allowed; one handled without leaving the state is
 * allowed and answers the same value. The exam lifecycle uses this for every status change.
 */
export const checkTransition = <M extends AnyStateMachine>(machine: M, stored: StoredStatus<M>, event: EventFromLogic<M>): TransitionCheck => {
  const snapshot = machine.resolveState({ value: stored.value, context: stored.context })
  if (!snapshot.can(event)) return { allowed: false }
  const [next] = transition(machine as AnyStateMachine, snapshot, event)
  return { allowed: true, next: (next as { value: StateValue }).value }
}
