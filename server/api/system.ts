import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../contracts/api.ts'
import { ServerRuntime } from '../services.ts'

export const SystemHandlers = HttpApiBuilder.group(FaslApi, 'system', (handlers) =>
  Effect.gen(function* () {
    const { db, config } = yield* ServerRuntime
    return handlers
      .handle('meta', () => Effect.succeed({ version: config.version }))
      .handle('health', () =>
        Effect.map(
          Effect.promise(() => db.query('SELECT 1')),
          () => ({ status: 'ok' as const, database: db.kind, version: config.version }),
        ),
      )
  }),
)
