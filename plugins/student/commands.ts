import type { SaveAnswers, StudentHomework, UndoHandIn } from '../homework/contract/submissions.ts'
import { rebaseFromNothing, rebaseVersion } from '../../src/events/rebase-version.ts'
import { callApi } from '../../src/api/client.ts'
import { defineCommand } from '../../src/events/types.ts'
import { myHomeworkEventNames } from './events.ts'
import { type MyHomeworkView } from './projection.ts'

const rebased = (payload: SaveAnswers, view: <V>(id: string) => V): SaveAnswers => ({
  ...payload,
  version: rebaseFromNothing(payload.version, view<MyHomeworkView>('myHomework').ownVersions[payload.homeworkId]),
})

/** Keeps her answers so far: SaveHomeworkDraft with the version she read, moved over her own saves answered meanwhile. */
export const saveHomeworkDraft = defineCommand<SaveAnswers, StudentHomework>({
  event: myHomeworkEventNames.draftSaveRequested,
  deliver: (payload, { idempotencyKey, view }) => callApi((c) => c.studentHomework.saveHomeworkDraft({ payload: rebased(payload, view) }), { idempotencyKey }),
})

/** Hands her answers in: SubmitHomework. */
export const submitHomework = defineCommand<SaveAnswers, StudentHomework>({
  event: myHomeworkEventNames.submitRequested,
  deliver: (payload, { idempotencyKey, view }) => callApi((c) => c.studentHomework.submitHomework({ payload: rebased(payload, view) }), { idempotencyKey }),
})

/** Takes her hand-in back to a draft (Student/UndoHandIn), at the version she read, moved over her own writes answered meanwhile. */
export const undoHandIn = defineCommand<UndoHandIn, StudentHomework>({
  event: myHomeworkEventNames.undoHandInRequested,
  deliver: (payload, { idempotencyKey, view }) =>
    callApi(
      (c) =>
        c.studentHomework.undoHandIn({
          payload: { ...payload, version: rebaseVersion(payload.version, view<MyHomeworkView>('myHomework').ownVersions[payload.homeworkId]) },
        }),
      { idempotencyKey },
    ),
})
