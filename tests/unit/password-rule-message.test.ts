import { describe, expect, it } from 'vitest'
import { checkNewPassword } from '../../contracts/validation.ts'
import { formatIssue } from '../../contracts/validation-format.ts'

describe('the password rule message', () => {
  it('says in Arabic that the letters are Latin (A–Z, a–z)', () => {
    const [issue] = checkNewPassword('newPassword', 'كلمةمرور123')
    expect(issue).toBeDefined()
    const arabic = formatIssue(issue!, 'ar')
    expect(arabic).toContain('لاتيني')
    expect(arabic).toContain('A–Z')
    expect(arabic).toContain('a–z')
  })
})

describe('every Arabic text that states the password rule', () => {
  it('says the letters are Latin (A–Z, a–z): the rule message and the reset and profile hints', async () => {
    const auth = (await import('../../plugins/auth/locales/signed-out/ar.json')).default as Record<string, string>
    const profile = (await import('../../plugins/profile/locales/ar.json')).default as Record<string, string>
    for (const text of [auth['auth.reset.rule'], profile['profile.password.text']]) {
      expect(text).toContain('لاتيني')
      expect(text).toContain('A–Z')
      expect(text).toContain('a–z')
    }
  })
})
