import { fileURLToPath } from 'node:url'
import { composeApi, featureGroups } from '../../contracts/api.ts'
import type { ServerComposition } from '../../server/features.ts'
import { serverFeatures } from '../../server/features.ts'
import { fieldTripsGroups } from '../unit/fixtures/field-trips/contract/groups.ts'
import { fieldTripsFeature } from '../unit/fixtures/field-trips/server/feature.ts'

/*
 * The example feature (tests/unit/fixtures/field-trips) added to Fasl by its three composition
 * lines, applied here rather than in the app's files: its groups after Fasl's in the API
 * (contracts/api.ts featureGroups), its declaration after Fasl's features (server/features.ts
 * serverFeatures), and its plugin in the client's list (src/plugins.ts, which the browser test's
 * build edits: tests/e2e/support/client-build.ts).
 */

/** The server it is served by: Fasl's API and features with its own beside them. */
export const exampleFeatureComposition: ServerComposition = {
  api: composeApi([...featureGroups, ...fieldTripsGroups]),
  features: [...serverFeatures, fieldTripsFeature],
}

/** Its line in the client's plugin list: the name it is imported as, from its folder's plugin.ts. */
export const exampleFeaturePlugin = {
  name: 'fieldTrips',
  folder: fileURLToPath(new URL('../unit/fixtures/field-trips/', import.meta.url)),
  module: fileURLToPath(new URL('../unit/fixtures/field-trips/plugin.ts', import.meta.url)),
} as const
