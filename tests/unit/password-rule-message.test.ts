import { describe, expect, it } from 'vitest'
import { checkNewPassword, formatIssue } from '../../contracts/validation.ts'

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
