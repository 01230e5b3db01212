import { Context } from 'effect'

/**
 * A read whose answer depends only on who asks, in which language, and its URL: the server keeps its
 * encoded answer per account for `ttlMs` and answers a repeat from it, after the same token, session
 * and account checks as any call (server/services/kept-answers.ts). A change made through another
 * server process may take that long to show.
 */
export class KeptPerAccount extends Context.Service<KeptPerAccount, { readonly ttlMs: number }>()('fasl/KeptPerAccount') {}

/** `endpoint.annotateMerge(keptPerAccount(2000))`; only for GET calls. */
export const keptPerAccount = (ttlMs: number): Context.Context<KeptPerAccount> => Context.make(KeptPerAccount, { ttlMs })
