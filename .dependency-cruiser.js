/**
 * The boundaries of the code, checked on resolved imports (`npm run boundaries`, part of `npm test`).
 * docs/architecture.md ("Boundaries") says why each exists. Paths are relative to the folder cruised
 * (the repository, or a fixture tree in tests/unit/boundaries.test.ts, which proves each rule bites).
 * tests/ are exempt: they reach into any part on purpose.
 */

/** The three composition lists: the only core files that name features, each only through the feature's entry. */
const compositionLists = '^(src/plugins[.]ts|server/features[.]ts|contracts/api[.]ts)$'
const serverCode = ['^server/', '^plugins/[^/]+/server/']
/** Code both tiers run: it may import only other shared code and libraries that run anywhere. */
const sharedCode = ['^machines/', '^contracts/', '^plugins/[^/]+/contract/']
/** Client code: the shell, workers and every feature's part outside server/ and contract/. */
const clientCode = ['^src/', '^workers/', '^plugins/[^/]+/(?!server/|contract/)']
/** Libraries that need React or the DOM. */
const browserLibraries = '(^|/)node_modules/(react|react-dom|@ark-ui/[^/]+|@xstate/react|wouter|@dnd-kit/[^/]+|idb|comlink|@microsoft/signalr)/'
/** Libraries that need Node or a database. */
const serverLibraries = '(^|/)node_modules/(postgres|@electric-sql/pglite|@node-rs/[^/]+|nodemailer|sharp|@effect/platform-node[^/]*|aws4fetch)/'

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'core-names-no-feature',
      severity: 'error',
      comment: 'The core (src/, server/, contracts/, machines/, workers/) names no feature; features join through the three composition lists.',
      from: { path: '^(src|server|contracts|machines|workers)/', pathNot: compositionLists },
      to: { path: '^plugins/' },
    },
    {
      name: 'client-list-takes-manifests',
      severity: 'error',
      comment: 'src/plugins.ts names client manifests (plugins/<id>/plugin.ts) only.',
      from: { path: '^src/plugins[.]ts$' },
      to: { path: '^plugins/', pathNot: '^plugins/[^/]+/plugin[.]ts$' },
    },
    {
      name: 'server-list-takes-features',
      severity: 'error',
      comment: 'server/features.ts names server features (plugins/<id>/server/feature.ts) only.',
      from: { path: '^server/features[.]ts$' },
      to: { path: '^plugins/', pathNot: '^plugins/[^/]+/server/feature[.]ts$' },
    },
    {
      name: 'api-list-takes-contracts',
      severity: 'error',
      comment: "contracts/api.ts names the features' contracts (plugins/<id>/contract/) only.",
      from: { path: '^contracts/api[.]ts$' },
      to: { path: '^plugins/', pathNot: '^plugins/[^/]+/contract/' },
    },
    {
      name: 'feature-through-public-part',
      severity: 'error',
      comment: "A feature reaches another only through that feature's plugins/<id>/public.ts or plugins/<id>/contract/.",
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/', pathNot: ['^plugins/$1/', '^plugins/[^/]+/public[.]ts$', '^plugins/[^/]+/contract/'] },
    },
    {
      name: 'handlers-fail-with-domain-errors',
      severity: 'error',
      comment:
        "Handlers (server/api/, server/uploads/, a feature's server/ and contract/) fail with the domain failures of contracts/failures.ts; the envelope classes and their wording belong to the edge (server/http/, docs/architecture.md).",
      from: { path: ['^server/api/', '^server/uploads/', '^plugins/[^/]+/server/', '^plugins/[^/]+/contract/'] },
      to: { path: ['^contracts/wire-failures[.]ts$', '^server/http/failure-wording[.]ts$', '^server/http/envelope-errors[.]ts$'] },
    },
    {
      name: 'client-imports-no-server',
      severity: 'error',
      comment: 'Client code never imports server code (server/, plugins/<id>/server/) nor a server-only library.',
      from: { path: clientCode },
      to: { path: [...serverCode, serverLibraries] },
    },
    {
      name: 'server-imports-no-client',
      severity: 'error',
      comment: "Server code never imports client code (src/, workers/, a feature's part outside server/ and contract/) nor a browser library.",
      from: { path: serverCode },
      to: { path: [...clientCode, browserLibraries] },
    },
    {
      name: 'shared-stays-pure',
      severity: 'error',
      comment: 'machines/, contracts/ and plugins/<id>/contract/ run on both tiers: no React, DOM, server or client code, no Node built-in.',
      from: { path: sharedCode },
      to: { path: [...serverCode, ...clientCode, browserLibraries, serverLibraries, '^styled-system/'] },
    },
    {
      name: 'shared-uses-no-node-builtin',
      severity: 'error',
      comment: 'machines/, contracts/ and plugins/<id>/contract/ run in the browser too: no Node built-in module.',
      from: { path: sharedCode },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'The client has no import circle: services reach pages through context or injection, never by importing the composition root. A circle closed only by a type import is none at run time.',
      from: { path: ['^src/', '^plugins/'] },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing cannot be checked.',
      from: { path: ['^src/', '^plugins/', '^server/', '^contracts/', '^machines/', '^workers/'] },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^styled-system/'] },
    exclude: { path: ['^dist/', '^tests/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
}
