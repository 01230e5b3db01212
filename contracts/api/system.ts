import { HttpApiEndpoint, HttpApiGroup } from 'effect/http-api'
import { Health, Meta } from '../entities.ts'

/** Version file and health check; both public and never cached. */
export class SystemGroup extends HttpApiGroup.make('system', { topLevel: true }).add(
  HttpApiEndpoint.get('meta', '/meta.json', { success: Meta }),
  HttpApiEndpoint.get('health', '/api/health', { success: Health }),
) {}
