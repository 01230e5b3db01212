import { HttpApiGroup } from 'effect/http-api'
import { describe, expect, it } from 'vitest'
import { FaslApi } from '../../contracts/api.ts'
import { catalogue } from '../../contracts/core-catalogue.ts'
import { catalogueOfApi, FeatureCatalogue } from '../../contracts/feature-catalogue.ts'
import { coursesCatalogue } from '../../plugins/courses/contract/catalogue.ts'
import { homeworkCatalogue } from '../../plugins/homework/contract/catalogue.ts'

describe("a feature's own response codes are its contract's, composed with its API groups", () => {
  it("the core's catalogue holds none of homework's or courses' codes; the composed API holds them all", () => {
    const composed = catalogueOfApi(FaslApi)
    for (const own of [homeworkCatalogue, coursesCatalogue])
      for (const [code, message] of Object.entries(own)) {
        expect(catalogue[Number(code)], `core has ${code}`).toBeUndefined()
        expect(composed[Number(code)]).toEqual(message)
      }
    expect(composed[138]).toEqual(catalogue[138])
  })

  it('two groups declaring one code with different texts fail when the API is composed', () => {
    const group = (id: string, en: string) => HttpApiGroup.make(id).annotate(FeatureCatalogue, { 190: { en, ar: en } })
    expect(() => catalogueOfApi({ groups: { a: group('a', 'one'), b: group('b', 'two') } })).toThrow(/190/)
  })
})
