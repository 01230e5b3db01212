import { rmSync } from 'node:fs'
import { launchChromium } from '../support/chromium.ts'
import { startServerProcess } from '../support/server-process.ts'
import { handInCorrectionClass, seedCorrectionClass } from './correction-class.ts'

const { dataDir } = await seedCorrectionClass(40)
const server = await startServerProcess({ FASL_DATA_DIR: dataDir, FASL_LOG_LEVEL: 'warn', FASL_SIGNIN_LIMIT_PER_ADDRESS: '1000000', FASL_SIGNIN_LIMIT_PER_ACCOUNT: '1000000' })
try {
  const work = await handInCorrectionClass(server.url)
  const login = await (await fetch(`${server.url}/api/Auth/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'teacher@fasl.school', password: 'Teacher#2026', clientId: 'fasl-web', clientSecret: 'fasl-web-secret' }) })).json() as { responseData: { accessToken: string } }
  const token = login.responseData?.accessToken
  for (const path of [`/school/api/HomeWork/GetHomeworkSubmissions?HomeworkID=${work.homeworkId}`, `/school/api/ClassRoom/GetClassRoomStudents?ClassRoomID=${work.classRoomId}`, `/school/api/HomeWork/GetHomeworkClassAnswers?HomeworkID=${work.homeworkId}`]) {
    const times: number[] = []
    for (let i = 0; i < 15; i++) { const t = performance.now(); const r = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } }); await r.text(); times.push(performance.now() - t) }
    times.sort((a, b) => a - b)
    console.log(path.slice(0, 50), 'median', times[7]!.toFixed(1), 'min', times[0]!.toFixed(1))
  }
  const browser = await launchChromium()
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto('/Signin')
  await page.getByTestId('signin-email').fill('teacher@fasl.school')
  await page.getByTestId('signin-password').fill('Teacher#2026')
  await page.getByTestId('signin-submit').click()
  await page.waitForURL((url) => url.pathname === '/')
  await page.goto(`/classroom/room?at=homework&id=${work.classRoomId}`)
  const link = page.locator('[data-testid=homework-line]', { hasText: 'Benchmark: fifty questions' }).getByTestId('homework-correct')
  await link.click()
  await page.getByTestId('correction-student').first().waitFor()
  const address = page.url()
  for (let run = 0; run < Number(process.env.RUNS ?? 6); run++) {
    await page.goto(address, { waitUntil: 'commit' })
    const shown = await page.waitForFunction((count) => {
      const b = document.querySelectorAll<HTMLButtonElement>('[data-testid=correction-student]')
      return b.length >= count && [...b].every((x) => !x.disabled) ? performance.now() : false
    }, work.students, { polling: 'raf', timeout: 30000 }).then((h) => h.jsonValue() as Promise<number>)
    const info = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => `${r.name.replace(location.origin, '').slice(0, 60)} ${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)} ${r.transferSize}`)
      const marks = performance.getEntriesByType('mark').map((m) => `${m.name}@${m.startTime.toFixed(0)}`)
      const paints = performance.getEntriesByType('paint').map((m) => `${m.name}@${m.startTime.toFixed(0)}`)
      return { responseEnd: nav.responseEnd.toFixed(0), domInteractive: nav.domInteractive.toFixed(0), domContentLoaded: nav.domContentLoadedEventEnd.toFixed(0), res, marks, paints }
    })
    console.log(`run ${run}: shown ${shown.toFixed(0)}`, JSON.stringify(info, null, 1))
  }
  await browser.close()
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
