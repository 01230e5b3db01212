import { describe, expect, it } from 'vitest'
import type { Chapter, SemesterOption, Topic } from '../../../plugins/classroom/contract/chapters-api.ts'
import { demo, signInThroughForm } from '../support/app.ts'
import { useAppServer } from '../support/suite.ts'
import { openWith } from '../support/contexts.ts'
import { apiCall, classRoomsOf, tokenOf } from '../support/homework-api.ts'

/**
 * What the class room page offers follows what the server allows: a chapter's menu (rename, delete)
 * and its topics' add, rename and delete only for the chapter's author; homework and chapters only
 * for a teacher holding the Assignments role.
 */
describe('the class room page in Chromium offers only the changes the server allows', () => {
  const app = useAppServer()

  /** A chapter (with one topic) by `account` in the current semester of the teacher's first class room's first subject. */
  const chapterBy = async (account: { email: string; password: string }, name: string) => {
    const base = app.server.url
    const token = await tokenOf(base, account)
    const [room] = await classRoomsOf(base, await tokenOf(base, demo.teacher))
    const subject = (await apiCall<Array<{ id: number }>>(base, 'GET', `/school/api/Subjects/GetClassRoomSubjects?ClassRoomID=${room!.classRoomId}`, token))
      .data[0]!
    const semesters = (
      await apiCall<SemesterOption[]>(
        base,
        'GET',
        `/school/api/SemestersConfigurations/GetConfiguredSemesetersDropDown?ClassRoomID=${room!.classRoomId}`,
        token,
      )
    ).data
    const today = new Date().toISOString().slice(0, 10)
    const semester = semesters.find((one) => one.startsOn <= today && today <= one.endsOn) ?? semesters[0]!
    const chapter = (
      await apiCall<Chapter>(base, 'POST', '/school/api/Chapters/CreateChapter', token, { subjectId: subject.id, semesterId: semester.id, name })
    ).data
    const topic = (await apiCall<Topic>(base, 'POST', '/school/api/Topics/Create', token, { chapterId: chapter.id, name: `${name} topic` })).data
    return { chapter, topic }
  }

  it("a colleague's chapter shows no menu and its topics no add, rename or delete; her own chapter keeps them", async () => {
    // The supervisor shares the teacher's first class room (Grade 4 A) and its subjects.
    const theirs = await chapterBy(demo.supervisor, 'Colleague chapter')
    const mine = await chapterBy(demo.teacher, 'My chapter')
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await signInThroughForm(page, demo.teacher)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('home-classroom-card').first().click()
    await page.getByTestId(`chapter-${theirs.chapter.id}-toggle`).click()
    await page.getByTestId('topic-name').getByText('Colleague chapter topic').waitFor()
    expect(await page.getByTestId(`chapter-${theirs.chapter.id}-menu`).count()).toBe(0)
    expect(await page.getByTestId(`chapter-${theirs.chapter.id}-add-topic`).count()).toBe(0)
    expect(await page.getByTestId(`topic-${theirs.topic.id}-menu`).count()).toBe(0)
    await page.getByTestId(`chapter-${mine.chapter.id}-toggle`).click()
    await page.getByTestId(`chapter-${mine.chapter.id}-add-topic`).waitFor()
    // Its topics load after it opens: count the menus once her topic is there.
    await page.getByTestId('topic-name').getByText('My chapter topic').waitFor()
    expect(await page.getByTestId(`chapter-${mine.chapter.id}-menu`).count()).toBe(1)
    expect(await page.getByTestId(`topic-${mine.topic.id}-menu`).count()).toBe(1)
    await context.close()
  }, 60_000)

  it('a teacher without the Assignments role (teacher2) sees her class room and students, but no homework tab, homework link or chapters', async () => {
    const { context, page } = await openWith(app.browser, app.server.url, 'en', 'desktop')
    await signInThroughForm(page, demo.teacher2)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByTestId('home-classroom-card').first().click()
    await page.getByTestId('classroom-page').waitFor()
    await page.getByTestId('classroom-tab-classRoom').waitFor()
    await page.getByTestId('classroom-students').waitFor()
    expect(await page.getByTestId('classroom-tab-homework').count()).toBe(0)
    expect(await page.getByTestId('chapters-section').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Students and their homework' }).count()).toBe(0)
    await context.close()
  }, 60_000)
})
