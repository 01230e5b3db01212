import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type StartedServer } from '../../server/app.ts'
import { securityHeadersFor } from '../../server/http/security-headers.ts'
import { testDatabases } from './support/databases.ts'
import { accounts, call, login } from './support/http.ts'
import { seededTemplate } from './support/pglite-template.ts'

/** The security headers every answer carries (OWASP ASVS 5 V3.4; server/http/security-headers.ts). */
const expectSecurityHeaders = (headers: Headers) => {
  const csp = headers.get('content-security-policy') ?? ''
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  )
  expect(directives.get('default-src')).toEqual(["'self'"])
  expect(directives.get('frame-ancestors')).toEqual(["'none'"])
  expect(directives.get('object-src')).toEqual(["'none'"])
  expect(directives.get('base-uri')).toEqual(["'none'"])
  // No inline script, anywhere the app's policy applies.
  expect(directives.get('script-src')).toEqual(["'self'"])
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).not.toContain('unsafe-eval')
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  const permissions = headers.get('permissions-policy') ?? ''
  expect(permissions).toContain('microphone=(self)')
  expect(permissions).toContain('camera=()')
  expect(permissions).toContain('geolocation=()')
}

describe.each(testDatabases)('security headers of the API on $name', (database) => {
  let server: StartedServer
  beforeAll(async () => {
    server = await database.start({ publicUrl: 'https://fasl.example' })
  })
  afterAll(() => server.close())

  it('a sign-in answer (tokens) carries the policy, no-store and HSTS when the public address is https', async () => {
    const answer = await login(server.url, accounts.teacher)
    expect(answer.body.responseCode).toBe(200)
    expectSecurityHeaders(answer.headers)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('an answer with personal data and an error answer carry the same headers and no-store', async () => {
    const token = (await login(server.url, accounts.teacher)).body.responseData.accessToken
    const info = await call(server.url, 'GET', '/api/Account/GetUserInfo', undefined, { token })
    expect(info.status).toBe(200)
    expectSecurityHeaders(info.headers)
    expect(info.headers.get('cache-control')).toBe('no-store')
    for (const [method, path] of [
      ['GET', '/api/Account/GetUserInfo'],
      ['GET', '/api/no-such-call'],
      ['POST', '/school/nothing-here'],
    ] as const) {
      const refused = await call(server.url, method, path)
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expectSecurityHeaders(refused.headers)
      expect(refused.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('security headers of the client page and its files', () => {
  let server: StartedServer
  let distDir: string
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'fasl-dist-'))
    mkdirSync(join(distDir, 'assets'))
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><html><head><script src="/early.js"></script></head><body></body></html>')
    writeFileSync(join(distDir, 'early.js'), 'void 0\n')
    writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'export {}\n')
    server = await startServer({
      inMemory: true,
      pgliteTemplate: await seededTemplate(),
      distDir,
      config: { port: 0, seed: 'none', databaseUrl: null, publicUrl: null, jwtSecret: 'test-secret-test-secret-test-secret' },
    })
  })
  afterAll(async () => {
    await server.close()
    rmSync(distDir, { recursive: true, force: true })
  })

  it('the page, a client route, a static asset and a missing asset carry the policy; HSTS only for an https public address', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/settingProfile', 200],
      ['/assets/app-abc123.js', 200],
      ['/early.js', 200],
      ['/assets/gone-000.js', 404],
    ] as const) {
      const answer = await fetch(server.url + path)
      expect(answer.status, path).toBe(status)
      expectSecurityHeaders(answer.headers)
      // Served over plain http (FASL_PUBLIC_URL unset): no HSTS, a laptop demo stays reachable.
      expect(answer.headers.get('strict-transport-security')).toBeNull()
    }
    // Client files keep their own caching (index.html revalidated, hashed assets kept a year).
    expect((await fetch(`${server.url}/assets/app-abc123.js`)).headers.get('cache-control')).toContain('immutable')
  })

  it('the index page itself has no inline script for the policy to refuse', async () => {
    const { readFileSync } = await import('node:fs')
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8')
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, body]) => !/\bsrc=/.test(attributes!) && body!.trim() !== '',
    )
    expect(inline).toEqual([])
  })

  it('the API reference page may run its inline script only sandboxed, as an opaque origin', () => {
    const docs = securityHeadersFor('/api/docs', { publicUrl: null })['content-security-policy']!
    expect(docs).toMatch(/sandbox allow-scripts allow-popups$/)
    expect(docs).not.toContain('allow-same-origin')
    expect(securityHeadersFor('/api/Auth/Login', { publicUrl: 'http://fasl.test' })['strict-transport-security']).toBeUndefined()
  })
})
