import { describe, expect, it } from 'vitest'
import { classRoomSlug, routes } from '../../src/app/routes.ts'
import { caseInsensitiveParser, matchPath } from '../../src/plugin-host/path-parser.ts'
import { findBySlug } from '../../src/classrooms/class-rooms.ts'

describe('class room naming rule', () => {
  it('removes spaces', () => expect(classRoomSlug('Grade 5 A')).toBe('Grade5A'))
  it('replaces a slash with a dash', () => expect(classRoomSlug('5/B')).toBe('5-B'))
  it('does both, and keeps Arabic letters', () => expect(classRoomSlug('الصف 3/أ')).toBe('الصف3-أ'))
  it('reaches the class room with ?at=classRoom', () => expect(routes.classroom({ name: 'Grade 5/B' })).toBe('/classroom/Grade5-B?at=classRoom'))
  it('encodes non-ASCII names in the link', () => expect(routes.classroom({ name: 'فصل 1' })).toBe(`/classroom/${encodeURIComponent('فصل1')}?at=classRoom`))
})

describe('named route references', () => {
  it('use the spec spellings', () => {
    expect(routes.signIn()).toBe('/Signin')
    expect(routes.examEdit({ id: 7 })).toBe('/exams/edit/7')
    expect(routes.examCorrect({ id: 'x 1' })).toBe('/exams/sessions/examcorrect/x%201')
    expect(routes.notifications()).toBe('/Notifcation')
    expect(routes.signIn({ id: 'u1', token: 't' })).toBe('/Signin?id=u1&token=t')
    expect(routes.resetPassword()).toBe('/resetPassword')
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
  it('answers every room when two divisions share a name (the page asks which)', () => expect(findBySlug(rooms, 'Grade4').map((r) => r.classRoomId)).toEqual([1, 2]))
  it('answers nothing for an unknown name', () => expect(findBySlug(rooms, 'Grade9')).toEqual([]))
})
