import { fileURLToPath } from 'node:url'
import { cruise, type IViolation } from 'dependency-cruiser'
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The boundary rules (.dependency-cruiser.js, run on the real tree by `npm run boundaries`) can
 * fail: run on a fixture tree that breaks each rule once beside imports the rules allow, they report
 * exactly the breaks, each under its rule, and nothing allowed.
 */
const config = await extractDepcruiseConfig(fileURLToPath(new URL('../../.dependency-cruiser.js', import.meta.url)))
const fixture = fileURLToPath(new URL('./fixtures/boundaries', import.meta.url))

/** [rule, from, to] of each break the fixture holds (paths from the fixture's root; a library by its package, a Node module by its name; a circle once). */
const expected: ReadonlyArray<readonly [string, string, string]> = [
  ['client-list-takes-manifests', 'src/plugins.ts', 'plugins/alpha/pages/page.ts'],
  ['core-names-no-feature', 'src/shell.ts', 'plugins/alpha/public.ts'],
  ['core-names-no-feature', 'server/service.ts', 'plugins/alpha/public.ts'],
  ['core-names-no-feature', 'workers/worker.ts', 'plugins/alpha/server/feature.ts'],
  ['no-circular', 'src/loop-a.ts', 'src/loop-b.ts'],
  ['client-imports-no-server', 'src/client.ts', 'server/service.ts'],
  ['client-imports-no-server', 'workers/worker.ts', 'plugins/alpha/server/feature.ts'],
  ['client-imports-no-server', 'plugins/alpha/pages/page.ts', 'plugins/alpha/server/feature.ts'],
  ['client-imports-no-server', 'plugins/alpha/pages/page.ts', 'postgres'],
  ['not-to-unresolvable', 'src/unresolvable.ts', './nowhere.ts'],
  ['server-imports-no-client', 'server/service.ts', 'src/shell.ts'],
  ['server-imports-no-client', 'server/service.ts', 'plugins/alpha/public.ts'],
  ['server-imports-no-client', 'server/service.ts', 'react'],
  ['server-imports-no-client', 'plugins/alpha/server/feature.ts', 'plugins/alpha/public.ts'],
  ['server-list-takes-features', 'server/features.ts', 'plugins/alpha/contract/api.ts'],
  ['api-list-takes-contracts', 'contracts/api.ts', 'plugins/alpha/plugin.ts'],
  ['shared-stays-pure', 'contracts/api.ts', 'plugins/alpha/plugin.ts'],
  ['shared-stays-pure', 'contracts/rules.ts', 'server/service.ts'],
  ['shared-stays-pure', 'machines/machine.ts', 'react'],
  ['shared-stays-pure', 'machines/machine.ts', 'src/client.ts'],
  ['shared-stays-pure', 'plugins/alpha/contract/api.ts', 'plugins/alpha/public.ts'],
  ['shared-uses-no-node-builtin', 'plugins/alpha/contract/api.ts', 'fs'],
  ['feature-through-public-part', 'plugins/alpha/pages/page.ts', 'plugins/beta/pages/other.ts'],
  ['handlers-fail-with-domain-errors', 'server/api/handler.ts', 'server/http/failure-wording.ts'],
  ['handlers-fail-with-domain-errors', 'plugins/alpha/server/refusal.ts', 'contracts/wire-failures.ts'],
]

/** A resolved library path (`../../../../node_modules/react/index.js`) as its package's name. */
const named = (path: string) => path.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, '$1')
const key = (rule: string, from: string, to: string) => `${rule}: ${from} → ${named(to)}`

let found: ReadonlyArray<string> = []

beforeAll(async () => {
  const result = await cruise(['src', 'server', 'contracts', 'machines', 'workers', 'plugins'], {
    ...config.options,
    ruleSet: { forbidden: config.forbidden ?? [] },
    baseDir: fixture,
    validate: true,
    outputType: 'json',
  })
  const output = JSON.parse(String(result.output)) as { summary: { violations: ReadonlyArray<IViolation> } }
  found = output.summary.violations.map((violation) => key(violation.rule.name, violation.from, violation.to))
}, 60_000)

describe('the boundary rules bite', () => {
  it.each(expected)('%s: %s → %s', (rule, from, to) => {
    expect(found).toContain(key(rule, from, to))
  })

  it('report nothing the rules allow (a feature through the public part or contract of another, a composition list naming entries, a type-only circle)', () => {
    expect([...found].sort()).toEqual(expected.map(([rule, from, to]) => key(rule, from, to)).sort())
  })

  it('every rule of the configuration is proved here', () => {
    expect(new Set(expected.map(([rule]) => rule))).toEqual(new Set((config.forbidden ?? []).map((rule) => rule.name)))
  })
})
