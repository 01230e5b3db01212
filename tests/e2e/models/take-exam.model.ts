import { expect } from 'vitest'
import type { BrowserContext, Page, Route } from 'playwright-core'
import type { EventObject, SnapshotFrom } from 'xstate'
import type { takeExamMachine } from '../../../machines/take-exam.machine.ts'
import { apiCall } from '../support/homework-api.ts'
import type { PageModel } from '../support/model-runner.ts'

/**
 * The take-exam machine as the page shows it. The server is real: each path takes a fresh exam of
 * two questions ('one', a single choice, then 'two', a true/false) through its own single-use link.
 * The deadline passes on the page's clock (Playwright's), and the hand-in it sends is held until the
 * model's "attempt closed"; another device is the API, binding or finishing the link before a reload.
 */
export interface TakeExamWorld {
  readonly baseURL: string
  readonly context: BrowserContext
  readonly page: Page
  /** The student's access token (the API as her other device). */
  readonly studentToken: string
  readonly token: string
  readonly durationMs: number
  /** The hand-in the page sent at its deadline, held until the model closes the attempt. */
  held: Promise<Route> | null
  readonly facts: TakeExamFacts
}

/**
 * What the test knows from what it did, not from the machine (the page runs the same machine): each
 * state is checked against what it means in these terms too, which a wrong target contradicts.
 */
export interface TakeExamFacts {
  started: boolean
  dialogOpen: boolean
  finishConfirmed: boolean
  timePassed: boolean
  closedByServer: boolean
  usedElsewhere: boolean
  /** The browser context is offline (the test took the network away). */
  offline: boolean
}

export const newFacts = (): TakeExamFacts => ({
  started: false,
  dialogOpen: false,
  finishConfirmed: false,
  timePassed: false,
  closedByServer: false,
  usedElsewhere: false,
  offline: false,
})

const meaning: Readonly<Record<string, Partial<TakeExamFacts>>> = {
  instructions: { started: false, usedElsewhere: false, timePassed: false },
  answering: { started: true, dialogOpen: false, finishConfirmed: false, timePassed: false, usedElsewhere: false },
  confirmingFinish: { started: true, dialogOpen: true, finishConfirmed: false, timePassed: false, usedElsewhere: false },
  timeUp: { started: true, timePassed: true, closedByServer: false, finishConfirmed: false },
  finished: { started: true, usedElsewhere: false },
  linkInvalid: { usedElsewhere: true },
}

type Check = (world: TakeExamWorld, snapshot: SnapshotFrom<typeof takeExamMachine>) => Promise<void>

const withMeaning = (checks: Readonly<Record<string, Check>>): Readonly<Record<string, Check>> =>
  Object.fromEntries(
    Object.entries(checks).map(([state, check]) => [
      state,
      async (world, snapshot) => {
        const wanted = meaning[state] ?? {}
        expect(Object.fromEntries(Object.keys(wanted).map((key) => [key, world.facts[key as keyof TakeExamFacts]])), `what "${state}" means`).toEqual(wanted)
        if (state === 'finished')
          expect(world.facts.finishConfirmed || (world.facts.timePassed && world.facts.closedByServer), 'finished by her or by the clock').toBe(true)
        await check(world, snapshot)
      },
    ]),
  )

const keys = ['one', 'two'] as const
const keyOf = (event: EventObject) => (event as EventObject & { questionKey: string }).questionKey
const indexOf = (event: EventObject) => (event as EventObject & { index: number }).index
const mapItem = (page: Page, index: number) => page.getByTestId('exam-map-item').nth(index)
const currentIndex = async (page: Page) =>
  (await page.getByTestId('exam-map-item').evaluateAll((items) => items.map((item) => item.getAttribute('aria-current')))).indexOf('step')

/** Does `act` on question `key`, moving there by the map and back when it is not the current one. */
const onQuestion = async (page: Page, key: string, act: () => Promise<void>) => {
  const index = keys.indexOf(key as (typeof keys)[number])
  const current = await currentIndex(page)
  if (current !== index) await mapItem(page, index).click()
  await page.locator(`[data-testid=exam-question][data-question-key="${key}"]`).waitFor()
  await act()
  if (current !== index) await mapItem(page, current).click()
}

const answerOne = (page: Page, key: string) =>
  key === 'one'
    ? page.getByTestId('question-view').getByTestId('answer-option').nth(0).click()
    : page.getByTestId('question-view').getByTestId('answer-true').click()

/** The page's device key for this account (plugins/exams/take-exam/device-key.ts keeps it in localStorage). */
const deviceKeyOf = (page: Page) => page.evaluate(() => Object.entries(localStorage).find(([key]) => key.startsWith('fasl.examDevice.'))?.[1] ?? null)

const answering = async (world: TakeExamWorld) => {
  await world.page.getByTestId('exam-answering').waitFor()
}

export const takeExamPageModel: PageModel<typeof takeExamMachine, TakeExamWorld> = {
  input: { questionKeys: [...keys] },
  events: [
    { type: 'student.started', deadlineAt: '2026-12-01T08:05:00.000Z', serverOffsetMs: 0 },
    { type: 'answer.given', questionKey: 'one' },
    { type: 'answer.given', questionKey: 'two' },
    { type: 'question.markedForReview', questionKey: 'two' },
    { type: 'question.unmarked', questionKey: 'two' },
    { type: 'navigate.next' },
    { type: 'navigate.previous' },
    { type: 'navigate.goTo', index: 0 },
    { type: 'navigate.goTo', index: 1 },
    { type: 'finish.requested' },
    { type: 'finish.cancelled' },
    { type: 'finish.confirmed' },
    { type: 'clock.deadlinePassed' },
    { type: 'attempt.closed' },
    { type: 'link.invalid' },
    { type: 'connection.lost' },
    { type: 'connection.restored' },
  ],
  // What tells states apart beyond their names: the question she is on while answering (else
  // "answering" reached by next from the last question would count as covered, and a next or previous
  // past the ends would go untried: the page disables those buttons there, the machine's guards
  // refuse them), and whether she is online when confirming or finished (else a finish confirmed
  // offline would go untried: the machine's guard keeps her confirming until the network is back).
  distinguish: (snapshot) =>
    snapshot.value === 'answering'
      ? snapshot.context.currentIndex
      : snapshot.value === 'confirmingFinish' || snapshot.value === 'finished'
        ? snapshot.context.online
        : null,
  // What the page can raise where: the countdown only runs while she answers (before her start the
  // page has no deadline); the connection is watched while she answers; another device needs a
  // connection for the reload that finds the link used; the review button toggles.
  performable: (snapshot, event) => {
    const state = snapshot.value as string
    switch (event.type) {
      case 'clock.deadlinePassed':
        return (state === 'answering' || state === 'confirmingFinish') && snapshot.context.online
      case 'link.invalid':
        return snapshot.context.online
      // The page's one button toggles: it unmarks a marked question and marks an unmarked one.
      case 'question.markedForReview':
        return !snapshot.context.markedForReview.includes(keyOf(event))
      case 'question.unmarked':
        return snapshot.context.markedForReview.includes(keyOf(event))
      case 'connection.lost':
        return (state === 'answering' || state === 'confirmingFinish') && snapshot.context.online
      case 'connection.restored':
        return (state === 'answering' || state === 'confirmingFinish') && !snapshot.context.online
      default:
        return true
    }
  },
  perform: {
    'student.started': async (world) => {
      await world.page.getByTestId('exam-start').click()
      world.facts.started = true
      await answering(world)
    },
    'answer.given': async (world, event) => {
      const key = keyOf(event)
      await onQuestion(world.page, key, () => answerOne(world.page, key))
    },
    'question.markedForReview': async (world, event) => {
      await onQuestion(world.page, keyOf(event), () => world.page.getByTestId('exam-mark').click())
    },
    'question.unmarked': async (world, event) => {
      await onQuestion(world.page, keyOf(event), () => world.page.getByTestId('exam-mark').click())
    },
    'navigate.next': async (world) => world.page.getByTestId('exam-next').click(),
    'navigate.previous': async (world) => world.page.getByTestId('exam-previous').click(),
    'navigate.goTo': async (world, event) => mapItem(world.page, indexOf(event)).click(),
    'finish.requested': async (world) => {
      await world.page.getByTestId('exam-finish').click()
      world.facts.dialogOpen = true
    },
    'finish.cancelled': async (world) => {
      // By keyboard: Escape closes the dialog, which cancels.
      await world.page.getByTestId('exam-finish-confirm').waitFor()
      await world.page.keyboard.press('Escape')
      world.facts.dialogOpen = false
    },
    'finish.confirmed': async (world) => {
      await world.page.getByTestId('exam-finish-confirm').click()
      // Finishing needs the connection (what the page tells her offline): a confirmation made
      // offline leaves her confirming, one made online finishes.
      world.facts.dialogOpen = world.facts.offline
      world.facts.finishConfirmed = !world.facts.offline
    },
    'clock.deadlinePassed': async (world) => {
      let release!: (route: Route) => void
      world.held = new Promise((resolve) => (release = resolve))
      await world.page.route('**/exam/api/Sessions/FinishExamSession', (route) => release(route), { times: 1 })
      await world.page.clock.fastForward(world.durationMs + 1_000)
      world.facts.timePassed = true
      world.facts.dialogOpen = false
    },
    'attempt.closed': async (world) => {
      const held = world.held
      if (held === null) throw new Error('No hand-in is held')
      world.held = null
      await (await held).continue()
      world.facts.closedByServer = true
    },
    'link.invalid': async (world) => {
      const deviceKey = await deviceKeyOf(world.page)
      if (!world.facts.started) {
        // Her other device opens the link first.
        await apiCall(world.baseURL, 'POST', '/exam/api/Sessions/OpenExamSession', world.studentToken, {
          token: world.token,
          deviceKey: 'another-device-0123456789',
        })
      } else {
        // She finished on this device in another tab: this page's next read finds the link used up.
        const done = await apiCall(world.baseURL, 'POST', '/exam/api/Sessions/FinishExamSession', world.studentToken, {
          token: world.token,
          deviceKey,
          answers: {},
          markedForReview: [],
          givenAt: new Date().toISOString(),
        })
        expect(done.code).toBe(200)
      }
      world.facts.usedElsewhere = true
      await world.page.reload()
    },
    'connection.lost': async (world) => {
      await world.context.setOffline(true)
      world.facts.offline = true
      await world.page.getByTestId('exam-offline').waitFor()
    },
    'connection.restored': async (world) => {
      await world.context.setOffline(false)
      world.facts.offline = false
      await world.page.getByTestId('exam-offline').waitFor({ state: 'detached' })
    },
  },
  expect: withMeaning({
    instructions: async ({ page }) => {
      await page.getByTestId('exam-instructions').waitFor()
      expect(await page.getByTestId('exam-start').isEnabled()).toBe(true)
    },
    answering: async ({ page }, snapshot) => {
      await page.getByTestId('exam-answering').waitFor()
      expect(await page.getByTestId('exam-finish-confirm').count()).toBe(0)
      const { context } = snapshot
      expect(await currentIndex(page)).toBe(context.currentIndex)
      await page.locator(`[data-testid=exam-question][data-question-key="${keys[context.currentIndex]}"]`).waitFor()
      const map = await page
        .getByTestId('exam-map-item')
        .evaluateAll((items) => items.map((item) => ({ answered: item.hasAttribute('data-answered'), marked: item.hasAttribute('data-marked') })))
      expect(map).toEqual(keys.map((key) => ({ answered: context.answered.includes(key), marked: context.markedForReview.includes(key) })))
      expect(await page.getByTestId('exam-offline').count()).toBe(context.online ? 0 : 1)
      expect(Number(await page.getByTestId('exam-countdown').getAttribute('data-remaining-ms'))).toBeGreaterThan(0)
    },
    confirmingFinish: async ({ page }, snapshot) => {
      await page.getByTestId('exam-finish-confirm').waitFor()
      expect(await page.getByTestId('exam-finish-offline').count()).toBe(snapshot.context.online ? 0 : 1)
    },
    timeUp: async ({ page }) => {
      await page.getByTestId('exam-time-up').waitFor()
    },
    finished: async ({ page }) => {
      await page.getByTestId('exam-finished').waitFor()
      expect(await page.getByTestId('exam-answering').count()).toBe(0)
    },
    linkInvalid: async ({ page }) => {
      await page.getByTestId('exam-link-invalid').waitFor()
      await page.getByTestId('exam-to-my-exams').waitFor()
    },
  }),
}
