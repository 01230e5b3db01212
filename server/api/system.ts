import { Effect } from 'effect'
import { HttpApiBuilder } from 'effect/http-api'
import { FaslApi } from '../../contracts/api.ts'
import { Config } from '../services/config.ts'
import { Db } from '../services/db.ts'

export const SystemHandlers = HttpApiBuilder.group(FaslApi, 'system', (handlers) =>
  Effect.gen(function* () {
    const { version } = yield* Config
    return handlers
      .handle('meta', () => Effect.succeed({ version }))
      .handle('health', () =>
        Effect.gen(function* () {
          const db = yield* Db
          yield* db.query('SELECT 1')
          return { status: 'ok' as const, database: db.kind, version }
        }),
      )
  }),
)
