import type { Browser, BrowserContext, Page } from 'playwright-core'
import { webClient } from '../../../contracts/settings.ts'

export const demo = {
  teacher: { email: 'teacher@fasl.school', password: 'Teacher#2026' },
  teacher2: { email: 'teacher2@fasl.school', password: 'Teacher#2026' },
  /** A teacher with every role (Assignments too), who shares Grade 4 A with `teacher`. */
  supervisor: { email: 'supervisor@fasl.school', password: 'Super#2026' },
  admin: { email: 'admin@fasl.school', password: 'Admin#2026' },
  /** Grade 4 A, a class room of `teacher`. */
  student: { email: 'student@fasl.school', password: 'Student#2026' },
  /** Grade 4 B. */
  student2: { email: 'student2@fasl.school', password: 'Student#2026' },
} as const

export const newPage = async (browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  return { context, page }
}

export const signInThroughForm = async (page: Page, account: { email: string; password: string }) => {
  await page.goto('/Signin')
  await page.getByTestId('signin-email').fill(account.email)
  await page.getByTestId('signin-password').fill(account.password)
  await page.getByTestId('signin-submit').click()
}

/** Calls the API directly, as another device would, to check what the server really holds. */
export const apiSignIn = async (baseURL: string, account: { email: string; password: string }): Promise<string> => {
  const response = await fetch(`${baseURL}/api/Auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, ...webClient }),
  })
  const body = (await response.json()) as { responseData: { accessToken: string } }
  return body.responseData.accessToken
}

export const apiGet = async <T>(baseURL: string, path: string, token: string): Promise<T> => {
  const response = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } })
  const body = (await response.json()) as { responseData: T }
  return body.responseData
}
