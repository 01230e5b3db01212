import { describe, expect, it } from 'vitest'
import commonPasswords from '../../contracts/common-passwords.json' with { type: 'json' }
import { commonPasswordCount, isCommonPassword } from '../../contracts/common-passwords.ts'
import { checkNewPassword, checkPasswordChange, checkPasswordReset } from '../../contracts/validation.ts'
import { formatIssue } from '../../contracts/validation-format.ts'

describe('the shipped list of common breached passwords', () => {
  it('holds only entries the 8–20 / upper / lower / digit rule could let through, lower case and once each', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(400)
    expect(commonPasswordCount).toBe(commonPasswords.length)
    for (const entry of commonPasswords) {
      expect(entry, entry).toBe(entry.toLowerCase())
      expect(entry.length, entry).toBeGreaterThanOrEqual(8)
      expect(entry.length, entry).toBeLessThanOrEqual(20)
      expect(entry, entry).toMatch(/[a-z]/)
      expect(entry, entry).toMatch(/[0-9]/)
    }
  })

  it('is compared case-insensitively', () => {
    for (const password of ['Password1', 'PASSWORD1', 'pAsSwOrD1', 'password1']) expect(isCommonPassword(password), password).toBe(true)
    expect(isCommonPassword('Fresh#2027x')).toBe(false)
  })
})

describe('the new-password rule with the breached list', () => {
  it('refuses the best-known breached passwords that pass the character rule', () => {
    for (const password of ['Password1', 'Passw0rd', 'Qwerty123', 'Welcome1', 'Admin123', 'Abc12345', 'Iloveyou1', 'P@ssw0rd', 'Summer2024', 'Welcome2026'])
      expect(checkNewPassword('newPassword', password, isCommonPassword), password).toEqual([{ field: 'newPassword', key: 'passwordCommon' }])
  })

  it('accepts a password that is not on the list, and checks the list only when given it (the client before it loaded)', () => {
    expect(checkNewPassword('newPassword', 'Fresh#2027x', isCommonPassword)).toEqual([])
    expect(checkNewPassword('newPassword', 'Password1')).toEqual([])
  })

  it('says the character rule first: a short common password is told the rule, not the list', () => {
    expect(checkNewPassword('newPassword', 'pass1', isCommonPassword)).toEqual([{ field: 'newPassword', key: 'passwordRule' }])
  })

  it('counts only Latin letters as upper and lower case, as the messages say (A–Z, a–z)', () => {
    expect(checkNewPassword('newPassword', 'Ωωabcdef12')).toEqual([{ field: 'newPassword', key: 'passwordRule' }])
    expect(checkNewPassword('newPassword', 'ΩωABCDEF12')).toEqual([{ field: 'newPassword', key: 'passwordRule' }])
    expect(checkNewPassword('newPassword', 'Omegaabc12')).toEqual([])
  })

  it('applies to the change-password and reset forms alike', () => {
    expect(checkPasswordChange({ oldPassword: 'Teacher#2026', newPassword: 'Qwerty123', confirmPassword: 'Qwerty123' }, isCommonPassword)).toEqual([
      { field: 'newPassword', key: 'passwordCommon' },
    ])
    expect(checkPasswordReset({ newPassword: 'Iloveyou1', confirmPassword: 'Iloveyou1' }, isCommonPassword)).toEqual([
      { field: 'newPassword', key: 'passwordCommon' },
    ])
  })

  it('words the refusal in English and Arabic', () => {
    const issue = { field: 'newPassword', key: 'passwordCommon' } as const
    expect(formatIssue(issue, 'en')).toMatch(/most common/)
    expect(formatIssue(issue, 'ar')).toMatch(/شيوعًا/)
  })
})
