/**
 * Mutants no test can kill because they do not change what the system does, each with the one-line
 * reason printed beside it. Keyed `<transition name>: <mutation>` as the runner prints them
 * (e.g. `session signedIn.active session.activity#0: target → signedIn.idleWarning`).
 * Nothing belongs here only because it is hard to test: that is a missing test, not an equivalence.
 */
export const equivalent: Readonly<Record<string, string>> = {
  'outbox delivering outbox.offline#0: target → idle':
    'delivering always holds a command, so offline idle goes straight on to paused: the same state and context',
  'outbox backingOff outbox.offline#0: target → idle':
    'backingOff always holds a command, so offline idle goes straight on to paused: the same state and context',
  'outbox backingOff after retryAfter#0: target → delivering':
    'backingOff is online with a command waiting, so its target idle goes straight on to delivering: the same state and context',
}
