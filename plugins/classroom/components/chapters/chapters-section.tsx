import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import type { Chapter } from '../../contract/chapters-api.ts'
import type { Subject } from '../../../../contracts/entities.ts'
import type { ClassRoom } from '../../contract/class-room.ts'
import { problemOf } from '../../../../src/api/client.ts'
import { useT } from '../../../../src/i18n/intl.tsx'
import { useResource } from '../../../../src/resources/resource.ts'
import { Button } from '../../../../src/ui/button.tsx'
import { ConfirmDialog } from '../../../../src/ui/dialog.tsx'
import { Select } from '../../../../src/ui/select.tsx'
import { Spinner } from '../../../../src/ui/spinner.tsx'
import { notify } from '../../../../src/ui/toast.tsx'
import { ChapterItem } from './chapter-item.tsx'
import { createChapter, currentSemester, deleteChapter, loadChapters, loadSemesters, renameChapter } from './chapters-api.ts'
import { NameDialog } from './name-dialog.tsx'

type Open = { kind: 'create' } | { kind: 'rename'; chapter: Chapter } | { kind: 'delete'; chapter: Chapter } | null

const note = css({
  color: 'fg.muted',
  fontSize: 'sm',
  paddingBlock: '3',
  paddingInline: '4',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  borderRadius: 'lg',
})

/**
 * A subject's chapters and topics in one semester (the current one first): pick the semester, open a
 * chapter to see its topics, add, rename and delete both. Each change is a direct call, then a fresh read.
 */
export function ChaptersSection({ room, subject }: { room: ClassRoom; subject: Subject }) {
  const t = useT()
  const headingId = useId()
  const semesters = useResource(['chapters.semesters', room.classRoomId], () => loadSemesters(room.classRoomId))
  const [chosen, choose] = useState<string | null>(null)
  const semesterId = chosen ?? (semesters.status === 'ready' ? (currentSemester(semesters.data)?.id.toString() ?? null) : null)
  const chapters = useResource(semesterId === null ? null : ['chapters.list', subject.id, semesterId], () => loadChapters(subject.id, Number(semesterId)), {
    freshOnMount: true,
  })
  const [open, setOpen] = useState<Open>(null)
  const close = (isOpen: boolean) => !isOpen && setOpen(null)
  const addId = `chapters-${subject.id}-add`

  const remove = async (chapter: Chapter) => {
    setOpen(null)
    try {
      await deleteChapter(chapter.id)
      notify.success(t('classroom.chapters.chapterDeleted'))
      chapters.refetch()
      document.getElementById(addId)?.focus()
    } catch (error) {
      notify.error(t('shell.common.error'), problemOf(error).message)
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
        borderBlockStartWidth: '1px',
        borderColor: 'border.default',
        paddingBlockStart: '4',
      })}
      data-testid="chapters-section"
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '3' })}>
        <h4 id={headingId} className={css({ fontWeight: 'semibold', fontSize: 'md' })}>
          {t('classroom.chapters.title')}
        </h4>
        {semesters.status === 'ready' && semesters.data.length > 0 && semesterId !== null ? (
          <div className={css({ width: { base: 'full', sm: '16rem' } })}>
            <Select
              label={t('classroom.chapters.semester')}
              name="semesterId"
              options={semesters.data.map((semester) => ({ value: String(semester.id), label: semester.name }))}
              value={semesterId}
              onValueChange={choose}
              testId="chapters-semester"
            />
          </div>
        ) : null}
      </div>
      {semesters.status === 'loading' || (semesterId !== null && chapters.status === 'loading') ? (
        <Spinner size="sm" label={t('shell.common.loading')} />
      ) : null}
      {semesters.status === 'error' || chapters.status === 'error' ? (
        <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          {t('classroom.chapters.loadError')}
          <Button variant="link" size="sm" onClick={semesters.status === 'error' ? semesters.retry : chapters.retry}>
            {t('shell.common.retry')}
          </Button>
        </p>
      ) : null}
      {semesters.status === 'ready' && semesters.data.length === 0 ? (
        <p className={note} data-testid="chapters-no-semesters">
          {t('classroom.chapters.noSemesters')}
        </p>
      ) : null}
      {semesterId !== null && chapters.status === 'ready' ? (
        <>
          {chapters.data.length === 0 ? (
            <p className={note} data-testid="chapters-empty">
              {t('classroom.chapters.empty')}
            </p>
          ) : (
            <ul aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
              {chapters.data.map((chapter) => (
                <ChapterItem
                  key={chapter.id}
                  chapter={chapter}
                  onRename={() => setOpen({ kind: 'rename', chapter })}
                  onDelete={() => setOpen({ kind: 'delete', chapter })}
                />
              ))}
            </ul>
          )}
          <div>
            <Button variant="outline" size="sm" id={addId} onClick={() => setOpen({ kind: 'create' })} data-testid="chapters-add">
              {t('classroom.chapters.add')}
            </Button>
          </div>
        </>
      ) : null}
      <NameDialog
        open={open?.kind === 'create'}
        onOpenChange={close}
        title={t('classroom.chapters.newChapter')}
        label={t('classroom.chapters.chapterName')}
        submitLabel={t('classroom.chapters.create')}
        save={async (name) => {
          await createChapter(subject.id, Number(semesterId), name)
          notify.success(t('classroom.chapters.chapterCreated'))
          chapters.refetch()
        }}
        testId="chapter-create"
      />
      <NameDialog
        open={open?.kind === 'rename'}
        onOpenChange={close}
        title={t('classroom.chapters.renameChapter')}
        label={t('classroom.chapters.chapterName')}
        submitLabel={t('shell.common.save')}
        initialName={open?.kind === 'rename' ? open.chapter.name : ''}
        save={async (name) => {
          if (open?.kind !== 'rename') return
          await renameChapter(open.chapter.id, name)
          notify.success(t('classroom.chapters.chapterRenamed'))
          chapters.refetch()
        }}
        testId="chapter-rename"
      />
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={close}
        title={open?.kind === 'delete' ? t('classroom.chapters.deleteChapterTitle', { name: open.chapter.name }) : ''}
        description={t('classroom.chapters.deleteChapterText')}
        closeLabel={t('shell.common.close')}
        cancelLabel={t('shell.common.cancel')}
        confirmLabel={t('classroom.chapters.delete')}
        danger
        onConfirm={() => open?.kind === 'delete' && void remove(open.chapter)}
        testId="chapter-delete-dialog"
        confirmTestId="chapter-delete-confirm"
      />
    </section>
  )
}
