import { describe, expect, it } from 'vitest'
import { buildRegistry } from '../../../src/plugin-host/registry.ts'
import { plugins } from '../../../src/plugins.ts'
import { newFacts, takeExamPageModel, type TakeExamWorld } from '../models/take-exam.model.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { openWith } from '../support/contexts.ts'
import { assignedExam } from '../support/exams-api.ts'
import { apiCall, tokenOf } from '../support/homework-api.ts'
import { browserPaths } from '../support/model-runner.ts'
import { useAppServer } from '../support/suite.ts'

// The machine comes from the plugin list (plugins/exams/plugin.ts registers it), as the session's does.
const registered = buildRegistry(plugins, { en: () => Promise.resolve({ default: {} }), ar: () => Promise.resolve({ default: {} }) }).machines
const takeExamMachine = await registered.find((machine) => machine.id === 'takeExam')!.load()
const paths = browserPaths(takeExamMachine, takeExamPageModel)

const durationMinutes = 5

describe('take-exam machine, driven in Chromium: each event performed on the page, each state checked on the page', () => {
  const app = useAppServer()

  it('generates a bounded set of paths that performs every page event and reaches every state', () => {
    expect(paths.length).toBeGreaterThan(10)
    expect(paths.length).toBeLessThan(60)
    const performed = new Set(paths.flatMap((path) => path.events))
    for (const event of takeExamPageModel.events) expect(performed, event.type).toContain(event.type)
    expect([...new Set(paths.flatMap((path) => path.states))].sort()).toEqual([
      'answering',
      'confirmingFinish',
      'finished',
      'instructions',
      'linkInvalid',
      'timeUp',
    ])
  })

  for (const path of paths) {
    it(path.description, async () => {
      const examId = await assignedExam(app.server.url, {
        title: `Model path ${path.events.length}`,
        durationMinutes,
        questions: [
          {
            type: 2,
            id: 'one',
            header: 'What is half of 10?',
            degree: 1,
            options: [
              { id: 'a', text: '5', correct: true },
              { id: 'b', text: '4', correct: false },
            ],
          },
          { type: 3, id: 'two', header: 'A quarter is more than a half.', degree: 1, correct: false },
        ],
      })
      const studentToken = await tokenOf(app.server.url, demo.student)
      const listed = await apiCall<{ exams: Array<{ examId: number; token: string | null }> }>(
        app.server.url,
        'GET',
        '/exam/api/Sessions/GetStudentExams',
        studentToken,
      )
      const token = listed.data.exams.find((exam) => exam.examId === examId)!.token!
      const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
      await page.clock.install()
      const world: TakeExamWorld = {
        baseURL: app.server.url,
        context,
        page,
        studentToken,
        token,
        durationMs: durationMinutes * 60_000,
        held: null,
        facts: newFacts(),
      }
      try {
        await signInThroughForm(page, demo.student)
        await page.getByTestId('my-exams-card').waitFor()
        await page.goto(`/exams/take/${token}`)
        await path.run(world)
      } finally {
        await context.close()
      }
    })
  }
})
