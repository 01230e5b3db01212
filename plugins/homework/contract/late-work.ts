import { Schema } from 'effect'

/**
 * Whether a homework takes work handed in after the due date (issue 21): `accepted` keeps it open
 * after the due date and marks what comes then "late"; `closed` refuses it then (code 150), as Fasl
 * always did. A teacher who does not choose gets `closed`, and homework set before the setting keeps it.
 */
export const lateWorkPolicies = ['closed', 'accepted'] as const
export const LateWork = Schema.Literals(lateWorkPolicies)
export type LateWork = typeof LateWork.Type

export const defaultLateWork: LateWork = 'closed'

/** Handed in after her due date (her extension's when she has one). */
export const isLate = (submittedAt: string | null, dueAt: string): boolean => submittedAt !== null && Date.parse(submittedAt) > Date.parse(dueAt)
