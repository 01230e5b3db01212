import type { HomeworkClone, HomeworkDetails, HomeworkInsert, HomeworkSaved } from './contract/homework.ts'
import { callApi } from '../../src/api/client.ts'
import { defineCommand } from '../../src/events/types.ts'
import { homeworkEventNames, type HomeworkEditRequested, type HomeworkRemoveRequested } from './events.ts'

/** Every homework write is one of these, each call carrying the command's id as its Idempotency-Key. */
export const insertHomework = defineCommand<HomeworkInsert, HomeworkSaved>({
  event: homeworkEventNames.insertRequested,
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.homework.insertHomework({ payload }), { idempotencyKey }),
})

export const editHomework = defineCommand<HomeworkEditRequested, HomeworkDetails>({
  event: homeworkEventNames.editRequested,
  deliver: ({ homework }, { idempotencyKey }) => callApi((c) => c.homework.editHomework({ payload: homework }), { idempotencyKey }),
})

export const removeHomework = defineCommand<HomeworkRemoveRequested, null>({
  event: homeworkEventNames.removeRequested,
  deliver: ({ id, forceDelete }, { idempotencyKey }) =>
    callApi((c) => c.homework.removeHomework({ payload: { id }, query: forceDelete ? { forceDelete: 'true' } : {} }), { idempotencyKey }),
})

export const cloneHomework = defineCommand<HomeworkClone, HomeworkSaved>({
  event: homeworkEventNames.cloneRequested,
  deliver: (payload, { idempotencyKey }) => callApi((c) => c.homework.cloneHomework({ payload }), { idempotencyKey }),
})
