import { describe, expect, it } from 'vitest'
import { examRoutes } from '../../plugins/exams/routes.ts'
import { authRoutes } from '../../plugins/auth/routes.ts'
import { classRoomRoute, classRoomSlug } from '../../plugins/classroom/public.ts'
import { homeworkStudentsListRoute } from '../../plugins/homework/public.ts'
import { shellRoutes } from '../../src/plugin-host/shell-routes.ts'
import { defineRoute } from '../../src/plugin-host/route-ref.ts'
import { caseInsensitiveParser, matchPath } from '../../src/plugin-host/path-parser.ts'
import { findBySlug } from '../../plugins/classroom/class-rooms.ts'

describe('class room naming rule', () => {
  it('removes spaces', () => expect(classRoomSlug('Grade 5 A')).toBe('Grade5A'))
  it('replaces a slash with a dash', () => expect(classRoomSlug('5/B')).toBe('5-B'))
  it('does both, and keeps Arabic letters', () => expect(classRoomSlug('الصف 3/أ')).toBe('الصف3-أ'))
  it('reaches the class room with ?at=classRoom', () => expect(classRoomRoute.link({ name: 'Grade 5/B' })).toBe('/classroom/Grade5-B?at=classRoom'))
  it('encodes non-ASCII names in the link', () => expect(classRoomRoute.link({ name: 'فصل 1' })).toBe(`/classroom/${encodeURIComponent('فصل1')}?at=classRoom`))
  it('links the homework list under the same slug', () =>
    expect(homeworkStudentsListRoute.link({ name: 'Grade 5/B' })).toBe('/classroom/Grade5-B/homeworkStudentsList'))
})

describe('route references (one declaration: the pattern and the link)', () => {
  it('use the spec spellings', () => {
    expect(shellRoutes.signIn.link()).toBe('/Signin')
    expect(examRoutes.edit.link({ id: 7 })).toBe('/exams/edit/7')
    expect(examRoutes.correct.link({ id: 'x 1' })).toBe('/exams/sessions/examcorrect/x%201')
    expect(shellRoutes.signIn.link({ id: 'u1', token: 't' })).toBe('/Signin?id=u1&token=t')
    expect(authRoutes.resetPassword.link()).toBe('/resetPassword')
    expect(shellRoutes.home.link()).toBe('/')
  })
  it('builds a link the same pattern matches, params included', () => {
    const route = defineRoute('/exams/edit/:id')
    expect(matchPath(route.path, route.link({ id: 'a b' }))).toEqual({ id: 'a b' })
  })
  it('leaves an optional param out when it is not given', () => {
    const route = defineRoute('/calendar/:day?')
    expect(route.link()).toBe('/calendar')
    expect(route.link({ day: '2026-11-23' })).toBe('/calendar/2026-11-23')
  })
  it('drops empty query values and keeps declared ones only', () => expect(shellRoutes.signIn.link({ id: '', token: 't' })).toBe('/Signin?token=t'))
  it('refuses a link without a required param (the typecheck refuses it first)', () => {
    const route = defineRoute('/exams/edit/:id')
    // @ts-expect-error the id is required
    expect(() => route.link({})).toThrow(/"id"/)
  })
})

describe('path matching', () => {
  it('is case-insensitive', () => {
    expect(matchPath('/Signin', '/signin')).toEqual({})
    expect(matchPath('/Error404', '/ERROR404')).toEqual({})
  })
  it('reads and decodes params', () => expect(matchPath('/classroom/:name', '/classroom/Grade5-B')).toEqual({ name: 'Grade5-B' }))
  it('does not match a longer path unless loose', () => {
    expect(matchPath('/classroom/:name', '/classroom/a/homeworkStudentsList')).toBeNull()
    expect(caseInsensitiveParser('/exams', true).pattern.test('/exams/create')).toBe(true)
  })
  it('matches the root only at the root', () => {
    expect(matchPath('/', '/')).toEqual({})
    expect(matchPath('/', '/x')).toBeNull()
  })
  it('treats * as anything', () => expect(matchPath('*', '/no/such/page')).toEqual({ wild: 'no/such/page' }))
})

describe('re-resolving a class room by its URL name (no history state)', () => {
  const rooms = [
    { classRoomId: 1, name: 'Grade 4', division: 'A', educationalStage: 'Primary' },
    { classRoomId: 2, name: 'Grade 4', division: 'B', educationalStage: 'Primary' },
    { classRoomId: 3, name: 'Grade 7/B', division: 'B', educationalStage: 'Preparatory' },
  ]
  it('finds the room by the naming rule, ignoring case', () => expect(findBySlug(rooms, 'grade7-b').map((r) => r.classRoomId)).toEqual([3]))
  it('answers every room when two divisions share a name (the page asks which)', () =>
    expect(findBySlug(rooms, 'Grade4').map((r) => r.classRoomId)).toEqual([1, 2]))
  it('answers nothing for an unknown name', () => expect(findBySlug(rooms, 'Grade9')).toEqual([]))
})
