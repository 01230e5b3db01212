import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type StartedServer } from '../../server/app.ts'
import { seededTemplate } from './support/pglite-template.ts'

/**
 * The built client as the server answers it: the compressed twin the browser accepts, the caching
 * rules, client routes falling back to index.html, and a missing script answered 404.
 */
const html = '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>'
const script = `export const greeting = ${JSON.stringify('مرحبا '.repeat(400))}\n`

interface RawAnswer {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Buffer
}

/** node:http, not fetch: fetch would undo the compression this test is about. */
const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<RawAnswer>((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
    })
    outgoing.on('error', reject)
    outgoing.end()
  })

describe('the built client', () => {
  let server: StartedServer
  let distDir: string

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'fasl-dist-'))
    mkdirSync(join(distDir, 'assets'))
    writeFileSync(join(distDir, 'index.html'), html)
    writeFileSync(join(distDir, 'assets', 'app-abc123.js'), script)
    writeFileSync(join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script))
    writeFileSync(join(distDir, 'assets', 'app-abc123.js.gz'), gzipSync(script))
    writeFileSync(join(distDir, 'assets', 'logo-def456.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    server = await startServer({
      inMemory: true,
      pgliteTemplate: await seededTemplate(),
      distDir,
      config: { port: 0, seed: 'none', databaseUrl: null, jwtSecret: 'test-secret-test-secret-test-secret' },
    })
  })

  afterAll(async () => {
    await server.close()
    rmSync(distDir, { recursive: true, force: true })
  })

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, the file as it is otherwise', async () => {
    const brotli = await get(`${server.url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script)
    expect(brotli.body.length).toBeLessThan(Buffer.byteLength(script) / 4)

    const gzip = await get(`${server.url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip;q=1.0, br;q=0' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(script)

    const plain = await get(`${server.url}/assets/app-abc123.js`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(plain.headers.vary).toBe('Accept-Encoding')
  })

  it('lets browsers keep hashed assets for a year, and makes them ask again for index.html', async () => {
    const asset = await get(`${server.url}/assets/logo-def456.png`, { 'accept-encoding': 'br' })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-type']).toBe('image/png')
    expect(asset.headers['content-encoding']).toBeUndefined()

    const page = await get(`${server.url}/`)
    expect(page.headers['cache-control']).toBe('no-cache')
    const etag = String(page.headers.etag)
    const again = await get(`${server.url}/`, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })

  it('answers every client route with index.html, and a missing file with 404', async () => {
    for (const path of ['/Signin', '/classroom/Grade%205%20A?at=classRoom', '/classroom/Grade%205.1?at=classRoom', '/settingProfile', '/no/such/page']) {
      const page = await get(`${server.url}${path}`)
      expect(page.status, path).toBe(200)
      expect(page.body.toString(), path).toBe(html)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    }
    for (const path of ['/assets/app-000000.js', '/favicon.ico', '/assets/../index.html.br', '/%E0%A4%A']) {
      const missing = await get(`${server.url}${path}`)
      expect(missing.status, path).toBe(404)
    }
  })

  it('answers HEAD with the headers and no body', async () => {
    const head = await get(`${server.url}/assets/app-abc123.js`, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.body.length).toBe(0)
  })
})
