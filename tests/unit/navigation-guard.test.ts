import { beforeEach, describe, expect, it, vi } from 'vitest'

type Guard = typeof import('../../src/plugin-host/navigation-guard.ts')

/**
 * The leave guard's rules without a browser (the history and popstate wiring is driven in Chromium by
 * tests/e2e/leave-guard.test.ts): leaving runs at once unless a page holds unsaved work; then it waits
 * for the user's answer. Each test gets the module fresh, since its state is the page's.
 */
describe('the leave guard', () => {
  let guard: Guard
  beforeEach(async () => {
    vi.resetModules()
    guard = await import('../../src/plugin-host/navigation-guard.ts')
  })

  it('lets leaving through at once while no page holds unsaved work', () => {
    const leave = vi.fn()
    guard.requestLeave(leave)
    expect(leave).toHaveBeenCalledOnce()
    expect(guard.leaveQuestion.isAsking()).toBe(false)
  })

  it('asks while a page holds unsaved work: "stay" keeps the page, "leave" goes', () => {
    const release = guard.holdLeaveGuard()
    const heard = vi.fn()
    guard.leaveQuestion.subscribe(heard)
    const leave = vi.fn()
    guard.requestLeave(leave)
    expect(leave).not.toHaveBeenCalled()
    expect(guard.leaveQuestion.isAsking()).toBe(true)
    expect(heard).toHaveBeenCalledTimes(1)
    guard.leaveQuestion.stay()
    expect(guard.leaveQuestion.isAsking()).toBe(false)
    expect(leave).not.toHaveBeenCalled()

    guard.requestLeave(leave)
    guard.leaveQuestion.leave()
    expect(leave).toHaveBeenCalledOnce()
    expect(guard.leaveQuestion.isAsking()).toBe(false)
    release()
  })

  it('a leaving allowed by the user lets the navigations it makes through without asking again', () => {
    guard.holdLeaveGuard()
    const inner = vi.fn()
    guard.requestLeave(() => guard.requestLeave(inner))
    guard.leaveQuestion.leave()
    expect(inner).toHaveBeenCalledOnce()
  })

  it('asks until the last page with unsaved work lets go; a page going away while asking lets the leaving run', () => {
    const first = guard.holdLeaveGuard()
    const second = guard.holdLeaveGuard()
    const leave = vi.fn()
    guard.requestLeave(leave)
    first()
    expect(leave).not.toHaveBeenCalled()
    expect(guard.leaveQuestion.isAsking()).toBe(true)
    second()
    expect(leave).toHaveBeenCalledOnce()
    expect(guard.leaveQuestion.isAsking()).toBe(false)
  })

  it('leaving that cannot wait (signed out after a time-out) never asks, and what it navigates is let through', () => {
    guard.holdLeaveGuard()
    const navigate = vi.fn()
    guard.leaveWithoutAsking(() => guard.requestLeave(navigate))
    expect(navigate).toHaveBeenCalledOnce()
    expect(guard.leaveQuestion.isAsking()).toBe(false)
  })

  it('an unsubscribed listener hears nothing more', () => {
    guard.holdLeaveGuard()
    const heard = vi.fn()
    const stop = guard.leaveQuestion.subscribe(heard)
    stop()
    guard.requestLeave(() => undefined)
    expect(heard).not.toHaveBeenCalled()
  })
})
