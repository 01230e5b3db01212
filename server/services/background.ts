import { Context, type Scope } from 'effect'

/**
 * Where work a request starts and does not wait for (the reset mail, written a moment after
 * "forgot password" answers) runs: the server's own scope. It ends when the server stops, before
 * the database closes, instead of running on against a closed one.
 */
export interface BackgroundService {
  readonly scope: Scope.Scope
}

export class Background extends Context.Service<Background, BackgroundService>()('fasl/Background') {}
