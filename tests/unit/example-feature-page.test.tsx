import { renderToString } from 'react-dom/server'
import { afterAll, describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import type { Locale } from '../../contracts/errors.ts'
import { createCatalogues, I18nProvider } from '../../src/i18n/intl.tsx'
import { localeStore } from '../../src/i18n/locale-store.ts'
import ar from './fixtures/field-trips/locales/ar.json'
import en from './fixtures/field-trips/locales/en.json'
import { FieldTripsView } from './fixtures/field-trips/pages/FieldTrips.tsx'

/*
 * The example feature's page in both languages, with the trips its list call answers (the call
 * itself runs against a real server in tests/server/example-feature.test.ts). Every text it shows
 * comes from its own locale bundles.
 */
const trips = [
  { id: 1, destination: 'Science Museum' },
  { id: 2, destination: 'متحف العلوم' },
]

const rendered = async (locale: Locale) => {
  localeStore.set(locale)
  const catalogues = createCatalogues(async (language) => (language === 'ar' ? ar : en))
  await catalogues.load(locale, 'all')
  return renderToString(
    <I18nProvider catalogues={catalogues}>
      <Router ssrPath="/field-trips">
        <FieldTripsView trips={trips} onAdd={async () => undefined} />
      </Router>
    </I18nProvider>,
  )
}

describe("the example feature's page", () => {
  afterAll(() => localeStore.set('en'))

  it.each([
    ['en', en],
    ['ar', ar],
  ] as const)('lists the trips and offers the add form in %s, from its own bundle', async (locale, messages) => {
    const html = await rendered(locale)
    expect(html).toContain(messages['fieldTrips.add.destination'])
    expect(html).toContain(messages['fieldTrips.add.submit'])
    // Destinations are the users' text: each keeps its own direction inside the page's, and leads to its trip.
    expect(html).toMatch(/href="\/field-trips\/1"[^>]*><bdi>Science Museum<\/bdi>/)
    expect(html).toMatch(/href="\/field-trips\/2"[^>]*><bdi>متحف العلوم<\/bdi>/)
  })

  it('has the same messages in both languages', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort())
  })
})
