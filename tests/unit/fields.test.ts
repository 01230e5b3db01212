import { Result, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { Id, IdFromString, MultilineText, Text, UserId } from '../../contracts/fields.ts'
import { issuesOfSchemaIssue } from '../../contracts/schema-issues.ts'
import { checkPasswordChange, checkSignIn } from '../../contracts/validation.ts'
import { formatIssue } from '../../contracts/validation-format.ts'

const decode = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => Schema.decodeUnknownResult(schema)(input)

/** The 105 entries the server would answer for `input` under `schema`. */
const issuesOf = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, input: unknown) => {
  const result = decode(schema, input)
  return Result.isFailure(result) ? issuesOfSchemaIssue(result.failure.issue, 'payload') : []
}

describe('shared field schemas (contracts/fields.ts)', () => {
  it('an id in a path or query is plain digits from 1 to 2147483647; anything else is refused with the id message', () => {
    expect(decode(IdFromString, '12')).toEqual(Result.succeed(12))
    expect(decode(IdFromString, '2147483647')).toEqual(Result.succeed(2147483647))
    for (const bad of ['abc', '1.5', 'NaN', '1e309', '99999999999', '2147483648', '-1', '', '0', '0x10', ' 1', '1 ', '+1', 'Infinity', '١٢']) {
      const query = Schema.Struct({ ClassRoomID: IdFromString })
      expect(issuesOf(query, { ClassRoomID: bad }), bad).toEqual([{ field: 'ClassRoomID', key: 'idRange', values: { min: 1, max: 2147483647 } }])
    }
  })

  it('an id in a JSON body is a whole number in range, not a string or a fraction', () => {
    expect(decode(Id, 7)).toEqual(Result.succeed(7))
    const body = Schema.Struct({ subjectId: Id })
    for (const bad of [1.5, -1, 0, 1e308, Infinity, 99999999999, '1', null])
      expect(
        issuesOf(body, { subjectId: bad }).map((issue) => issue.key),
        String(bad),
      ).toEqual(['idRange'])
    expect(issuesOf(body, {})).toEqual([{ field: 'subjectId', key: 'required' }])
  })

  it('single-line text refuses C0 controls (tab and line breaks too), DEL and C1 controls', () => {
    expect(decode(Text, 'Amira Hassan — أميرة')).toEqual(Result.succeed('Amira Hassan — أميرة'))
    for (const code of [0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
      const text = `a${String.fromCharCode(code)}b`
      expect(issuesOf(Schema.Struct({ firstName: Text }), { firstName: text }), `U+${code.toString(16)}`).toEqual([
        { field: 'firstName', key: 'controlCharacters' },
      ])
    }
  })

  it('multi-line text allows tab and line breaks, and still refuses the other controls', () => {
    expect(decode(MultilineText, 'line one\r\nline two\n\tindented')).toEqual(Result.succeed('line one\r\nline two\n\tindented'))
    for (const code of [0x00, 0x07, 0x0b, 0x0c, 0x1b, 0x7f, 0x9b])
      expect(Result.isFailure(decode(MultilineText, `a${String.fromCharCode(code)}b`)), `U+${code.toString(16)}`).toBe(true)
  })

  it('a user id is a UUID', () => {
    expect(Result.isSuccess(decode(UserId, '0b0f5c52-4b0e-4c8e-9d55-1f1c8d0c2a11'))).toBe(true)
    expect(issuesOf(Schema.Struct({ userId: UserId }), { userId: "1' OR 1=1" })).toEqual([{ field: 'userId', key: 'malformed' }])
  })

  it('the messages read in both languages', () => {
    const [issue] = issuesOf(Schema.Struct({ ClassRoomID: IdFromString }), { ClassRoomID: 'abc' })
    expect(formatIssue(issue!, 'en')).toBe('Enter a whole number from 1 to 2147483647.')
    expect(formatIssue(issue!, 'ar')).toBe('أدخل عددًا صحيحًا من ١ إلى ٢١٤٧٤٨٣٦٤٧.')
    expect(issuesOf(Schema.Struct({ a: Text }), 'not an object')).toEqual([{ field: 'payload', key: 'malformed' }])
  })

  it('the forms refuse control characters before sending, with the same message the server answers', () => {
    expect(checkSignIn({ email: 'teacher@fasl.school', password: 'Teacher#2026\t' })).toEqual([{ field: 'password', key: 'controlCharacters' }])
    expect(checkSignIn({ email: 'teacher\u0001@fasl.school', password: 'x' })).toEqual([{ field: 'email', key: 'controlCharacters' }])
    expect(
      checkPasswordChange({ oldPassword: 'Old#2026\u0085', newPassword: 'New#20266\u007f', confirmPassword: 'New#20266\u007f' }).map((issue) => [
        issue.field,
        issue.key,
      ]),
    ).toEqual([
      ['oldPassword', 'controlCharacters'],
      ['newPassword', 'controlCharacters'],
    ])
  })
})
