import { describe, expect, it } from 'vitest'
import { ResponseCode } from '../../../contracts/errors.ts'
import { toProblem } from '../../../src/api/problem.ts'
import { classifyFailure } from '../../../src/app/event-store.ts'

const response = (status: number, code?: number) => toProblem({ kind: 'response', status, code, message: 'server says' }, 'en')

describe('how the outbox reads a failed delivery', () => {
  it('any HTTP 409 (idempotency "in progress") is "try again later", never a refusal', () => {
    expect(classifyFailure(response(409, 142))).toEqual({ kind: 'retry' })
    expect(classifyFailure(response(409))).toEqual({ kind: 'retry' })
  })

  it('no network, a time-out and a lost session wait; the edit is never rolled back for them', () => {
    for (const failure of [toProblem({ kind: 'offline' }, 'en'), toProblem({ kind: 'timeout' }, 'en'), response(401)])
      expect(classifyFailure(failure)).toEqual({ kind: 'offline' })
  })

  it("a server's 503 (its database unreachable) and a gateway's 502 or 504 are the server's trouble, not the network's: wait, never roll the edit back", () => {
    for (const status of [502, 503, 504]) expect(classifyFailure(response(status))).toEqual({ kind: 'unavailable' })
    expect(classifyFailure(response(503, ResponseCode.unavailable))).toEqual({ kind: 'unavailable' })
  })

  it('a 500 (the server failed on this command) is a failed attempt, set aside after a few, never a refusal', () => {
    expect(classifyFailure(response(500))).toMatchObject({ kind: 'failed', code: 500 })
    expect(classifyFailure(response(500, ResponseCode.serverMessage))).toMatchObject({ kind: 'failed', code: ResponseCode.serverMessage })
  })

  it('a catalogue refusal is a refusal, with its code ("changed elsewhere" included)', () => {
    expect(classifyFailure(response(400, ResponseCode.changedElsewhere))).toMatchObject({ kind: 'rejected', code: ResponseCode.changedElsewhere })
    expect(classifyFailure(response(400, ResponseCode.emailAlreadyExists))).toMatchObject({ kind: 'rejected', code: 115 })
  })
})
