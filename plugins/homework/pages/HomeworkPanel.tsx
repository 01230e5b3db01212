import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import type { HomeworkDetails, HomeworkSummary } from '../contract/homework.ts'
import { callApi, problemOf } from '../../../src/api/client.ts'
import { homeworkStudentsListRoute } from '../public.ts'
import { emptyLifecycle } from '../../../src/events/fold.ts'
import { useEventStore, useStoreSnapshot } from '../../../src/events/react.ts'
import { readWithWaiting } from '../../../src/events/read-model.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import type { ClassRoomPanelProps } from '../../classroom/public.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { BookIcon } from '../../../src/ui/icons.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { cloneHomework, removeHomework } from '../commands.ts'
import { CloneDialog } from '../components/clone-dialog.tsx'
import { HomeworkForm, type Refused } from '../components/homework-form.tsx'
import { HomeworkList } from '../components/homework-list.tsx'
import { applyHomeworkCommand, linesOf } from '../homework-lines.ts'
import type { HomeworkView } from '../projection.ts'
import { homeworkCodes } from '../contract/codes.ts'

type Screen = { readonly kind: 'list' } | { readonly kind: 'form'; readonly editing: HomeworkDetails | null; readonly restored?: Refused }
type Deleting = { readonly step: 'confirm' | 'answered'; readonly id: number; readonly title: string; readonly answered: boolean }

const emptyView: HomeworkView = { pending: [], lastRejection: null, lastWarning: null, answered: 0 }

/** The class room's homework tab: the list (with this device's waiting saves), and the form to create or edit. */
export default function HomeworkPanel({ classRoomId, name, subjects }: ClassRoomPanelProps) {
  const t = useT()
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  const view = (snapshot.views.homework as HomeworkView | undefined) ?? emptyView
  const list = useResource(['classRoomHomeworks', classRoomId], () => callApi((c) => c.homework.classRoomHomeworks({ query: { ClassRoomID: classRoomId } })))
  const [screen, setScreen] = useState<Screen>({ kind: 'list' })
  const [deleting, setDeleting] = useState<Deleting | null>(null)
  const [cloning, setCloning] = useState<HomeworkSummary | null>(null)
  // A copy sent to another class room shows nowhere here: say where it went.
  const [copiedTo, setCopiedTo] = useState<{ readonly title: string; readonly room: string } | null>(null)
  const [opening, setOpening] = useState<number | null>(null)
  const [openError, setOpenError] = useState<string | null>(null)
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  const [focusNext, setFocusNext] = useState<string | null>(null)
  // The server answered one of our commands: its list is what it now holds.
  const { refetch } = list
  useEffect(() => {
    if (view.answered > 0) refetch()
  }, [view.answered, refetch])
  // A delete refused because students answered meanwhile: ask again, with forceDelete this time.
  const refusedDelete =
    view.lastRejection?.remove &&
    view.lastRejection.code === homeworkCodes.homeworkAnswered &&
    view.lastRejection.classRoomId === classRoomId &&
    !dismissed.has(view.lastRejection.commandId)
      ? view.lastRejection
      : null
  useEffect(() => {
    if (refusedDelete?.remove) setDeleting({ step: 'answered', id: refusedDelete.remove.id, title: refusedDelete.remove.title, answered: true })
  }, [refusedDelete?.commandId]) // eslint-disable-line react-hooks/exhaustive-deps

  // One model (read-model.ts): the server's list of this class room with its waiting commands applied.
  const lifecycle = 'homework' in snapshot.views ? store.lifecycle('homework') : emptyLifecycle
  const model = readWithWaiting(linesOf(list.status === 'ready' ? list.data : []), lifecycle, classRoomId, applyHomeworkCommand)
  const lines = model.value

  const openEditor = async (homeworkId: number, restored?: Refused) => {
    setOpening(homeworkId)
    setOpenError(null)
    try {
      // Opened again after a refusal: the homework as it is now (its version), with the teacher's refused content on top.
      const editing = await callApi((c) => c.homework.teacherHomeworkForEdit({ query: { HomeworkID: homeworkId } }))
      setScreen(restored ? { kind: 'form', editing, restored } : { kind: 'form', editing })
    } catch (error) {
      setOpenError(problemOf(error).message)
    } finally {
      setOpening(null)
    }
  }
  const remove = (target: Deleting, forceDelete: boolean) => {
    // The keyboard moves on to the homework after the deleted one (or before it, or "New" when none is left), not to the page body.
    const index = lines.findIndex((line) => line.kind === 'saved' && line.homework.id === target.id)
    const neighbour = lines[index + 1] ?? lines[index - 1]
    setFocusNext(neighbour === undefined ? 'homework-new' : `homework-line-${neighbour.kind === 'saved' ? neighbour.homework.id : neighbour.id}`)
    store.dispatch(removeHomework, { classRoomId, id: target.id, title: target.title, forceDelete })
    if (refusedDelete) setDismissed(new Set([...dismissed, refusedDelete.commandId]))
    setDeleting(null)
  }
  // Once the confirmation has closed (and given the focus back to a button no longer there).
  useEffect(() => {
    if (focusNext === null || deleting !== null) return
    const timer = setTimeout(() => {
      document.getElementById(focusNext)?.focus()
      setFocusNext(null)
    }, 0)
    return () => clearTimeout(timer)
  }, [focusNext, deleting])

  if (screen.kind === 'form')
    return (
      <HomeworkForm
        classRoomId={classRoomId}
        name={name}
        subjects={subjects}
        editing={screen.editing}
        restored={screen.restored ?? null}
        onDone={() => {
          setScreen({ kind: 'list' })
          requestAnimationFrame(() => document.getElementById('homework-new')?.focus())
        }}
      />
    )

  const rejection =
    view.lastRejection && view.lastRejection.classRoomId === classRoomId && !refusedDelete && !dismissed.has(view.lastRejection.commandId)
      ? view.lastRejection
      : null
  const warning = view.lastWarning && view.lastWarning.classRoomId === classRoomId && !dismissed.has(view.lastWarning.commandId) ? view.lastWarning : null
  const dismiss = (id: string) => setDismissed(new Set([...dismissed, id]))
  return (
    <section aria-labelledby="homework-panel-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="homework-panel">
      <header className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        <h2 id="homework-panel-title" className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {t('homework.panel.title')}
        </h2>
        <Button id="homework-new" onClick={() => setScreen({ kind: 'form', editing: null })} data-testid="homework-new">
          {t('homework.panel.new')}
        </Button>
      </header>
      {model.waiting.length > 0 ? (
        <Banner tone="info" testId="homework-kept">
          {t('homework.saved.kept')}
        </Banner>
      ) : null}
      {copiedTo ? (
        <Banner tone="info" testId="homework-copied-elsewhere">
          <span className={css({ flex: '1' })}>{t('homework.clone.sent', { title: copiedTo.title, room: copiedTo.room })}</span>
          <Button size="sm" variant="ghost" onClick={() => setCopiedTo(null)}>
            {t('homework.common.close')}
          </Button>
        </Banner>
      ) : null}
      {warning ? (
        <Banner tone="warning" testId="homework-warning">
          <span className={css({ flex: '1' })}>{t('homework.saved.warning', { message: warning.message })}</span>
          <Button size="sm" variant="ghost" onClick={() => dismiss(warning.commandId)}>
            {t('homework.common.close')}
          </Button>
        </Banner>
      ) : null}
      {rejection ? (
        <Banner tone="danger" testId="homework-rejected">
          <span className={css({ flex: '1' })}>{t('homework.saved.rejected', { title: rejection.title, message: rejection.message })}</span>
          {rejection.content ? (
            <Button
              size="sm"
              variant="outline"
              data-testid="homework-reopen"
              onClick={() => {
                const restored: Refused = { content: rejection.content!, code: rejection.code, message: rejection.message, fields: rejection.fields }
                dismiss(rejection.commandId)
                if (rejection.homeworkId === null) setScreen({ kind: 'form', editing: null, restored })
                else void openEditor(rejection.homeworkId, restored)
              }}
            >
              {t('homework.saved.reopen')}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => dismiss(rejection.commandId)}>
            {t('homework.common.close')}
          </Button>
        </Banner>
      ) : null}
      {openError ? <Banner tone="danger">{openError}</Banner> : null}
      {opening !== null ? <LoadingBlock label={t('homework.form.editTitle')} /> : null}
      {list.status === 'loading' && lines.length === 0 ? <LoadingBlock label={t('homework.panel.title')} /> : null}
      {list.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('homework.panel.loadError')}
          text={list.problem.message}
          action={<Button onClick={list.retry}>{t('shell.common.retry')}</Button>}
          testId="homework-load-error"
        />
      ) : null}
      {list.status !== 'loading' && list.status !== 'error' && lines.length === 0 ? (
        <EmptyState icon={<BookIcon />} title={t('homework.list.emptyTitle')} text={t('homework.list.emptyText', { name })} testId="homework-empty" />
      ) : null}
      {lines.length > 0 ? (
        <HomeworkList
          lines={lines}
          label={t('homework.list.label', { name })}
          correctLink={(homework) => homeworkStudentsListRoute.link({ name, id: String(classRoomId), homework: String(homework.id) })}
          onEdit={(homework) => void openEditor(homework.id)}
          onClone={setCloning}
          onDelete={(homework) => setDeleting({ step: 'confirm', id: homework.id, title: homework.title, answered: homework.answeredCount > 0 })}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t(deleting.step === 'confirm' ? 'homework.delete.title' : 'homework.delete.answeredTitle', { title: deleting.title })}
          description={t(deleting.step === 'confirm' ? 'homework.delete.text' : 'homework.delete.answeredText')}
          confirmLabel={t(deleting.step === 'confirm' ? 'homework.delete.confirm' : 'homework.delete.answeredConfirm')}
          cancelLabel={t('homework.delete.cancel')}
          closeLabel={t('homework.common.close')}
          danger
          confirmTestId="homework-delete-confirm"
          onConfirm={() =>
            deleting.step === 'confirm' && deleting.answered ? setDeleting({ ...deleting, step: 'answered' }) : remove(deleting, deleting.step === 'answered')
          }
        />
      ) : null}
      {cloning ? (
        <CloneDialog
          homework={cloning}
          classRoomId={classRoomId}
          name={name}
          subjects={subjects}
          onClose={() => setCloning(null)}
          onClone={({ classRoomLabel, ...target }) => {
            store.dispatch(cloneHomework, { homeworkId: cloning.id, ...target })
            setCopiedTo(target.classRoomId === classRoomId ? null : { title: target.title ?? cloning.title, room: classRoomLabel })
            setCloning(null)
          }}
        />
      ) : null}
    </section>
  )
}
