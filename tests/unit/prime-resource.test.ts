import { describe, expect, it, vi } from 'vitest'
import { fetchResource, primeResource } from '../../src/resources/resource.ts'

/** Boot's first reads put in the resource cache before the first render (src/resources/prime-first-reads.ts). */
describe('a primed read', () => {
  it('is the answer the page’s own read then gets, without asking again', async () => {
    const page = vi.fn(async () => 'asked again')
    await primeResource('account-a', 'en', ['list', 1], async () => 'primed', page)
    expect(await fetchResource('account-a', 'en', ['list', 1], page)).toBe('primed')
    expect(page).not.toHaveBeenCalled()
  })

  it('leaves no error behind when it fails: the page asks again its own way', async () => {
    const page = vi.fn(async () => 'asked again')
    await primeResource('account-a', 'en', ['list', 2], () => Promise.reject(new Error('401 with the stored token')), page)
    expect(await fetchResource('account-a', 'en', ['list', 2], page)).toBe('asked again')
    expect(page).toHaveBeenCalledTimes(1)
  })

  it('is dropped with its account: another account reads its own', async () => {
    await primeResource(
      'account-a',
      'en',
      ['list', 3],
      async () => 'for a',
      async () => 'for a',
    )
    expect(await fetchResource('account-b', 'en', ['list', 3], async () => 'for b')).toBe('for b')
  })
})
