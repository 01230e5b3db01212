import { describe, expect, it } from 'vitest'
import { shellUrls } from '../../src/boot/service-worker/build-plugin.ts'
import { checkVersion } from '../../src/boot/version-check.ts'

describe('the offline shell', () => {
  it('keeps the built static files only: not the worker itself, compressed twins nor data files', () => {
    const built = [
      'index.html',
      'index.html.br',
      'assets/app-1a2b.js',
      'assets/app-1a2b.js.gz',
      'assets/index-9f.css',
      'sw.js',
      'early.js',
      'manifest.webmanifest',
      'icon.svg',
      'stats.json',
      'assets/font-x.woff2',
    ]
    expect(shellUrls(built)).toEqual([
      '/assets/app-1a2b.js',
      '/assets/font-x.woff2',
      '/assets/index-9f.css',
      '/early.js',
      '/icon.svg',
      '/index.html',
      '/manifest.webmanifest',
    ])
  })

  it('offline, the version check keeps the kept shell (no cache is dropped); a newer version drops it and reloads', async () => {
    const calls: string[] = []
    const session = new Map<string, string>()
    const env = {
      builtVersion: '0.1.0',
      session: {
        getItem: (key: string) => session.get(key) ?? null,
        setItem: (key: string, value: string) => void session.set(key, value),
        removeItem: (key: string) => void session.delete(key),
      },
      clearCaches: async () => void calls.push('clear'),
      reload: () => void calls.push('reload'),
    }
    expect(await checkVersion({ ...env, fetchMeta: () => Promise.reject(new TypeError('Failed to fetch')) })).toBe('ok')
    expect(calls).toEqual([])
    expect(await checkVersion({ ...env, fetchMeta: async () => ({ version: '0.2.0' }) })).toBe('reloading')
    expect(calls).toEqual(['clear', 'reload'])
  })
})
