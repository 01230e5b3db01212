import { useCallback, useId, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { hasBidiControls } from '../../../contracts/bidi.ts'
import { privateCommentMax, type PrivateComment, type PrivateCommentThread } from '../contract/private-comments.ts'
import { callApi } from '../../../src/api/client.ts'
import { emptyLifecycle } from '../../../src/events/fold.ts'
import { useEventStore, useOnRefusal, useStoreSnapshot } from '../../../src/events/react.ts'
import { readWithPending } from '../../../src/events/read-model.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { TextArea } from '../../../src/ui/text-area.tsx'
import { postMyPrivateComment, postPrivateComment } from './commands.ts'
import { threadKey } from './events.ts'
import type { CommentPost, PrivateCommentsView } from './projection.ts'
import { UserText } from '../../../src/ui/user-text.tsx'

export interface PrivateCommentsProps {
  readonly homeworkId: number
  /** The student whose work it is, on a teacher's screen; absent on the student's own. */
  readonly studentId?: number
}

const loadThread = (homeworkId: number, studentId: number | undefined) =>
  studentId === undefined
    ? callApi((c) => c.studentPrivateComments.myPrivateComments({ query: { HomeworkID: homeworkId } }))
    : callApi((c) => c.privateComments.privateComments({ query: { HomeworkID: homeworkId, StudentID: studentId } }))

/** Why the text cannot be posted yet, or null. */
const problemOf = (text: string): 'tooLong' | 'bidi' | null => ([...text.trim()].length > privateCommentMax ? 'tooLong' : hasBidiControls(text) ? 'bidi' : null)

/**
 * The private comments on one student's work (issue 21, as Classroom's): the thread as the server
 * holds it, the comments this device has still to send after it (kept in the event store, sent by the
 * outbox when the network is there), and a box to add one.
 */
export function PrivateComments({ homeworkId, studentId }: PrivateCommentsProps) {
  const t = useT()
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  const headingId = useId()
  const field = useRef<HTMLDivElement>(null)
  const key = threadKey(homeworkId, studentId ?? null)
  const read = useResource(['privateComments', homeworkId, studentId ?? 'me'], () => loadThread(homeworkId, studentId))
  const lifecycle = 'privateComments' in snapshot.views ? store.lifecycle<CommentPost>('privateComments') : emptyLifecycle
  const view = snapshot.views.privateComments as PrivateCommentsView | undefined
  const empty: PrivateCommentThread = { homeworkId, studentId: studentId ?? 0, version: 0, comments: [] }
  // Offline before the first read, the comments waiting on this device still show, and more can be written.
  const model = readWithPending(read.status === 'ready' ? read.data : empty, lifecycle, key, (thread) => thread)
  const comments = model?.confirmed.comments ?? []
  const waiting = model?.waiting ?? []
  const [text, setText] = useState('')
  const [refusedText, setRefusedText] = useState<string | null>(null)
  const refusal = view?.lastRefusal?.key === key ? view.lastRefusal : null
  // A refused comment comes back into the box, with the reason, so nothing she wrote is lost.
  const restore = useCallback(() => {
    if (refusal === null) return
    setRefusedText(refusal.message)
    setText((now) => (now.trim() === '' ? refusal.text : now))
  }, [refusal])
  useOnRefusal(snapshot.restored, refusal?.commandId ?? null, restore)

  const problem = problemOf(text)
  const post = () => {
    if (text.trim() === '' || problem !== null) return
    const content = text.trim()
    if (studentId === undefined) store.dispatch(postMyPrivateComment, { homeworkId, text: content })
    else store.dispatch(postPrivateComment, { homeworkId, studentId, text: content })
    setText('')
    setRefusedText(null)
    field.current?.querySelector('textarea')?.focus()
  }

  return (
    <section
      aria-labelledby={headingId}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', borderTopWidth: '1px', borderColor: 'border.default', paddingBlockStart: '4' })}
      data-testid="private-comments"
    >
      <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('homework.comments.title')}
      </h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t(studentId === undefined ? 'homework.comments.whoSeesStudent' : 'homework.comments.whoSeesTeacher')}
      </p>
      {read.status === 'error' ? (
        <Banner tone="warning" testId="private-comments-load-error">
          {t('homework.comments.loadError')}
          <Button size="sm" variant="ghost" onClick={read.retry}>
            {t('shell.common.retry')}
          </Button>
        </Banner>
      ) : null}
      {comments.length === 0 && waiting.length === 0 && read.status === 'ready' ? (
        <p className={css({ color: 'fg.muted' })} data-testid="private-comments-empty">
          {t('homework.comments.empty')}
        </p>
      ) : (
        <ol className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} data-testid="private-comments-list">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
          {waiting.map((command) => (
            <CommentItem
              key={command.id}
              waiting
              comment={{ text: command.payload.text, mine: true, authorName: t('homework.comments.you'), postedAt: new Date(command.at).toISOString() }}
            />
          ))}
        </ol>
      )}
      {refusedText !== null ? (
        <Banner tone="danger" testId="private-comments-refused">
          {t('homework.comments.refused', { message: refusedText })}
        </Banner>
      ) : null}
      <div ref={field}>
        <TextArea
          label={t('homework.comments.add')}
          value={text}
          rows={2}
          dir="auto"
          onValueChange={setText}
          error={problem === null ? undefined : t(problem === 'tooLong' ? 'homework.comments.tooLong' : 'homework.comments.bidi', { max: privateCommentMax })}
          testId="private-comment-text"
        />
      </div>
      <Button onClick={post} disabled={text.trim() === '' || problem !== null} className={css({ alignSelf: 'flex-start' })} data-testid="private-comment-post">
        {t('homework.comments.post')}
      </Button>
    </section>
  )
}

function CommentItem({
  comment,
  waiting = false,
}: {
  readonly comment: Pick<PrivateComment, 'text' | 'mine' | 'authorName' | 'postedAt'>
  readonly waiting?: boolean
}) {
  const t = useT()
  return (
    <li
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '1',
        padding: '3',
        borderRadius: 'lg',
        background: comment.mine ? 'accent.subtle' : 'bg.subtle',
        maxWidth: 'full',
      })}
      data-testid="private-comment"
      data-mine={comment.mine || undefined}
      data-waiting={waiting || undefined}
    >
      <p className={css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <UserText text={comment.authorName} className={css({ fontWeight: 'semibold', color: 'fg.default' })} />
        <span>{waiting ? t('homework.comments.waiting') : t('homework.comments.postedAt', { at: new Date(comment.postedAt) })}</span>
      </p>
      <UserText as="p" text={comment.text} className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })} testId="private-comment-text-shown" />
    </li>
  )
}
