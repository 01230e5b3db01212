import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context, Effect, Exit, Layer, Scope } from 'effect'
import { describe, expect, it } from 'vitest'
import { diskFileStore, FileStore } from '../../server/services/file-store.ts'
import { fileStoreLayer } from '../../server/services/file-store-layer.ts'
import { testDatabases } from './support/databases.ts'

const folder = () => mkdtempSync(join(tmpdir(), 'fasl-files-'))

describe('the file store is a scoped Layer', () => {
  it('released with its scope: a write under way finishes first, and none starts after', async () => {
    const disk = diskFileStore(folder())
    let finishWrite = () => {}
    const released: string[] = []
    const scope = Scope.makeUnsafe()
    const store = Context.get(
      await Effect.runPromise(
        Scope.provide(
          Layer.build(
            fileStoreLayer(() => ({
              ...disk,
              put: (key, content) =>
                key === 'slow.bin'
                  ? new Promise<void>((resolve) => (finishWrite = () => resolve(disk.put(key, content).then(() => void released.push('write')))))
                  : disk.put(key, content),
              release: async () => {
                released.push('release')
              },
            })),
          ),
          scope,
        ),
      ),
      FileStore,
    )
    await store.put('fast.bin', new Uint8Array([1]))
    const slow = store.put('slow.bin', new Uint8Array([2]))
    const closing = Effect.runPromise(Scope.close(scope, Exit.void))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(released).toEqual([])
    finishWrite()
    await slow
    await closing
    expect(released).toEqual(['write', 'release'])
    await expect(store.put('late.bin', new Uint8Array([3]))).rejects.toThrow(/closed/)
    expect(await disk.open('late.bin')).toBeNull()
    expect(await disk.open('slow.bin')).not.toBeNull()
  })

  it.each(testDatabases)('the server releases it when it stops, on $name', async (database) => {
    const released: string[] = []
    const server = await database.start({}, { fileStore: { ...diskFileStore(folder()), release: async () => void released.push('file store') } })
    expect(released).toEqual([])
    await server.close()
    expect(released).toEqual(['file store'])
  })
})
