import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { Link, useSearch } from 'wouter'
import { css } from 'styled-system/css'
import type { CorrectionStep, GradeAnswers } from '../contract/submissions.ts'
import { classRoomRoute } from '../../classroom/public.ts'
import { homeworkStudentsListRoute } from '../public.ts'
import { emptyLifecycle } from '../../../src/events/fold.ts'
import { useEventStore, useOnRefusal, useStoreSnapshot } from '../../../src/events/react.ts'
import { readWithPending } from '../../../src/events/read-model.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import type { PageAddress, PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { primeReads, useRead, useResource } from '../../../src/resources/resource.ts'
import { usePainted } from '../../../src/resources/use-painted.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { BookIcon } from '../../../src/ui/icons.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { notify } from '../../../src/ui/toast.tsx'
import { ClassOverviewPanel } from '../correction/class-overview.tsx'
import { loadClassOverview } from '../correction/class-overview-data.ts'
import { extendStudentDue, gradeSubmission, markSubmissionCorrected, reopenSubmission } from '../correction/commands.ts'
import { submissionKey } from '../correction/events.ts'
import { idOf } from '../correction/first-reads.ts'
import { downloadGradeBook } from '../correction/grade-book.ts'
import { correctionPageFirstReads, correctionReads } from '../correction/reads.ts'
import { neighbourOf } from '../correction/logic.ts'
import type { CorrectionView } from '../correction/projection.ts'
import { StudentList } from '../correction/student-list.tsx'
import { correctionFilters, filterCounts, inFilter, isCorrectionFilter, type CorrectionFilter } from '../correction/filters.ts'
import { homeworkTab } from '../routes.ts'
import { RadioGroup } from '../../../src/ui/radio-group.tsx'
import { useSwipe } from '../correction/swipe.ts'
import { useStudentMoves } from '../correction/use-student-moves.ts'
import { WorkNav } from '../correction/work-nav.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'

/**
 * One student's work, with the question renderer, comes in its own chunk: the list is what the
 * page must show first, and the renderer is several times its size. It is fetched once the list
 * is shown, so opening a student does not wait for it.
 */
const loadSubmissionPanel = () => import('../correction/submission-panel.tsx')
const SubmissionPanel = lazy(() => loadSubmissionPanel().then((module) => ({ default: module.SubmissionPanel })))
// The thread beside her work: its own chunk, asked for with her work, so the list's first paint carries none of it.
const PrivateComments = lazy(() => import('../comments/private-comments.tsx').then((module) => ({ default: module.PrivateComments })))

const emptyView: CorrectionView = { pending: [], ownVersions: {}, latest: {}, lastRejection: null, answered: 0, extensionsConfirmed: 0 }

/** Alt+↓ / Alt+↑: the next / previous student, from anywhere on the page (the same in both directions of writing). */
const isStep = (event: KeyboardEvent): 1 | -1 | null =>
  event.altKey && !event.ctrlKey && !event.metaKey ? (event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : null) : null

/** The class room page opened on its Homework tab, where the teacher came from. */
const backToHomework = (name: string, classRoomId: number | null) => {
  const address = new URL(classRoomRoute.link({ name, id: classRoomId === null ? undefined : String(classRoomId) }), 'http://fasl.invalid')
  address.searchParams.set('at', homeworkTab)
  return address.pathname + address.search
}

/** Boot's first reads decoded before the first render (PageModule.prepare). */
export const prepare = (address: PageAddress) => primeReads(correctionPageFirstReads(address))

/**
 * The list of students and the chosen one's work: side by side from a large screen (lg) up; below
 * it, on a phone or a narrow window, two screens — the list, and her work with a way back to it.
 */
const onlyWhenSideBySide = css({ display: { base: 'none', lg: 'block' } })

/** `/classroom/{name}/homeworkStudentsList?id=&homework=&student=`: a homework's students, and the one being corrected. */
export default function CorrectionPage({ params }: PageProps) {
  const t = useT()
  const name = params.name ?? ''
  const query = new URLSearchParams(useSearch())
  const classRoomId = idOf(query.get('id'))
  const homeworkId = idOf(query.get('homework'))
  const studentId = idOf(query.get('student'))
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  const view = (snapshot.views.homeworkCorrection as CorrectionView | undefined) ?? emptyView
  const lifecycle = 'homeworkCorrection' in snapshot.views ? store.lifecycle<CorrectionStep>('homeworkCorrection') : emptyLifecycle
  const homeworks = useRead(classRoomId === null || homeworkId !== null ? null : correctionReads.homeworks(classRoomId))
  const list = useRead(homeworkId === null ? null : correctionReads.list(homeworkId))
  const work = useRead(homeworkId === null || studentId === null ? null : correctionReads.work(homeworkId, studentId))
  // The correction list carries no photos: the class list gives them (signed links), joined by student.
  const roster = useRead(classRoomId === null || homeworkId === null ? null : correctionReads.roster(classRoomId))
  const photos = new Map(roster.status === 'ready' ? roster.data.map((entry) => [entry.id, entry.photoUrl] as const) : [])
  const [downloading, setDownloading] = useState(false)
  const listShown = list.status === 'ready'
  // How the class did, pre-scored in the worker, and the work panel's code: asked for once the list
  // is on the screen (painted), so neither the worker's start nor the chunk's evaluation delays it.
  const listPainted = usePainted(listShown)
  const overview = useResource(listPainted ? ['classOverview', homeworkId!] : null, () => loadClassOverview(homeworkId!))
  useEffect(() => {
    if (listPainted) void loadSubmissionPanel()
  }, [listPainted])
  // The server answered one of this device's writes: the class's list and overview read again (the
  // work itself is the write's answer, below); a refusal reads the work again too (it changed elsewhere).
  const { refetch: refetchList } = list
  const { refetch: refetchWork } = work
  const { refetch: refetchOverview } = overview
  useEffect(() => {
    if (view.answered > 0) {
      refetchList()
      refetchOverview()
    }
  }, [view.answered, refetchList, refetchOverview])
  useEffect(() => {
    if (view.extensionsConfirmed > 0) refetchWork()
  }, [view.extensionsConfirmed, refetchWork])
  useOnRefusal(snapshot.restored, view.lastRejection?.commandId ?? null, refetchWork)

  const linkTo = (student: number | null, homework: number | null = homeworkId) =>
    homeworkStudentsListRoute.link({
      name,
      id: classRoomId === null ? undefined : String(classRoomId),
      homework: homework === null ? undefined : String(homework),
      student: student === null ? undefined : String(student),
    })
  // The group shown (handed in, to mark, …): moving on by keyboard or button goes through it only.
  const [filter, setFilter] = useState<CorrectionFilter>('all')
  const students = list.status === 'ready' ? list.data.students : []
  const counts = filterCounts(students)
  const shown = students.filter((student) => inFilter(filter, student))
  const ids = shown.map((student) => student.studentId)
  const previous = neighbourOf(ids, studentId, -1)
  const next = neighbourOf(ids, studentId, 1)
  const place = studentId === null ? -1 : ids.indexOf(studentId)
  const { go: open, backToList, onShown } = useStudentMoves(studentId, linkTo)
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = isStep(event)
      if (step === null) return
      const target = neighbourOf(ids, studentId, step)
      if (target === null) return
      event.preventDefault()
      open(target)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })
  const workArea = useRef<HTMLDivElement>(null)
  useSwipe(workArea, studentId !== null, (step) => {
    const target = neighbourOf(ids, studentId, step)
    if (target !== null) open(target)
  })

  const current = work.status === 'ready' ? work.data : null
  const key = current ? submissionKey(current) : ''
  // One model of the work (read-model.ts): the page's read, or the newer answer one of this device's
  // writes got (the whole work as the server then held it); the writes still waiting are counted, not applied.
  const model = readWithPending(current, lifecycle, key, (work) => work)
  const waiting = model?.waiting.length ?? 0
  const latest = model?.confirmed ?? null
  const rejection = view.lastRejection && view.lastRejection.key === key ? view.lastRejection : null
  const version = latest?.version ?? null
  const grade = (request: Omit<GradeAnswers, 'version'>) => version !== null && store.dispatch(gradeSubmission, { ...request, version })
  // Marks and comments not saved yet go with the teacher when she moves on — to another student, back
  // to the list (button or browser), or off the page: nothing typed is lost, and no question is asked.
  const unsent = useRef<GradeAnswers | null>(null)
  const onChanges = useCallback(
    (changes: Omit<GradeAnswers, 'version'> | null) => {
      unsent.current = changes === null || version === null ? null : { ...changes, version }
    },
    [version],
  )
  useEffect(() => {
    const kept = unsent
    return () => {
      if (kept.current !== null) store.dispatch(gradeSubmission, kept.current)
      kept.current = null
    }
  }, [studentId, store])
  // "Save grades" made on this work at this version: "Saved" shows once the server has answered it (a newer version, nothing waiting).
  const [saveAsked, setSaveAsked] = useState<{ readonly key: string; readonly version: number } | null>(null)
  const saved = saveAsked !== null && saveAsked.key === key && waiting === 0 && version !== null && version > saveAsked.version
  // Marks and comments not saved yet go with "mark corrected" in the same write: refused marks never leave it marked.
  const markCorrected = (changes: Omit<GradeAnswers, 'version'> | null) =>
    latest &&
    version !== null &&
    store.dispatch(markSubmissionCorrected, {
      homeworkId: latest.homeworkId,
      studentId: latest.studentId,
      version,
      ...(changes === null ? {} : { reviews: changes.reviews, ...(changes.comment === undefined ? {} : { comment: changes.comment }) }),
    })
  const reopen = () => latest && version !== null && store.dispatch(reopenSubmission, { homeworkId: latest.homeworkId, studentId: latest.studentId, version })
  const extend = (dueAt: string) => latest && store.dispatch(extendStudentDue, { homeworkId: latest.homeworkId, studentId: latest.studentId, dueAt })

  const download = async () => {
    if (classRoomId === null) return
    setDownloading(true)
    try {
      await downloadGradeBook(classRoomId)
    } catch {
      notify.error(t('shell.common.error'), t('homework.correct.gradeBookError'))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })} data-testid="correction-page">
      <header className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
          <Link
            href={backToHomework(name, classRoomId)}
            data-testid="correction-back"
            className={css({
              fontSize: 'sm',
              color: 'accent.emphasis',
              textDecoration: 'underline',
              minHeight: '11',
              display: 'inline-flex',
              alignItems: 'center',
            })}
          >
            {t('homework.correct.back')}
          </Link>
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' })}>
            {list.status === 'ready' ? <UserText text={list.data.title} /> : t('homework.correct.title')}
          </h1>
        </div>
        {classRoomId === null ? null : (
          <Button variant="outline" loading={downloading} onClick={() => void download()} data-testid="correction-grade-book">
            {t('homework.correct.gradeBook')}
          </Button>
        )}
      </header>
      {homeworkId === null ? (
        <section aria-label={t('homework.correct.choose')} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          {homeworks.status === 'loading' ? <LoadingBlock label={t('homework.panel.title')} /> : null}
          {homeworks.status === 'error' ? (
            <EmptyState
              tone="danger"
              title={t('homework.panel.loadError')}
              text={homeworks.problem.message}
              action={<Button onClick={homeworks.retry}>{t('shell.common.retry')}</Button>}
            />
          ) : null}
          {homeworks.status === 'ready' && homeworks.data.length === 0 ? <EmptyState icon={<BookIcon />} title={t('homework.list.emptyTitle')} /> : null}
          {homeworks.status === 'ready' && homeworks.data.length > 0 ? (
            <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
              {homeworks.data.map((homework) => (
                <li key={homework.id}>
                  <Link
                    href={linkTo(null, homework.id)}
                    className={cardStyle({ interactive: true }) + ' ' + css({ display: 'flex', minHeight: '11', alignItems: 'center' })}
                  >
                    <UserText text={homework.title} />
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '18rem 1fr' }, gap: '5', alignItems: 'start' })}>
          <aside className={cardStyle({ padding: 'md' }) + (studentId === null ? '' : ' ' + onlyWhenSideBySide)} aria-label={t('homework.correct.students')}>
            {list.status === 'loading' ? <LoadingBlock label={t('homework.correct.students')} /> : null}
            {list.status === 'error' ? (
              <EmptyState
                tone="danger"
                title={t('homework.correct.loadError')}
                text={list.problem.message}
                action={<Button onClick={list.retry}>{t('shell.common.retry')}</Button>}
                testId="correction-load-error"
              />
            ) : null}
            {list.status === 'ready' && list.data.students.length === 0 ? <EmptyState title={t('homework.correct.noStudents')} /> : null}
            {list.status === 'ready' && list.data.students.length > 0 ? (
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
                <RadioGroup
                  id="correction-filter"
                  label={t('homework.correct.filter.label')}
                  orientation="horizontal"
                  value={filter}
                  onValueChange={(value) => isCorrectionFilter(value) && setFilter(value)}
                  options={correctionFilters.map((entry) => ({
                    value: entry,
                    label: t(`homework.correct.filter.${entry}`, { count: counts[entry] }),
                    testId: `correction-filter-${entry}`,
                  }))}
                />
                {shown.length === 0 ? (
                  <EmptyState title={t('homework.correct.filter.empty')} testId="correction-filter-empty" />
                ) : (
                  <StudentList students={shown} photos={photos} current={studentId} total={list.data.totalDegree} onOpen={open} />
                )}
              </div>
            ) : null}
          </aside>
          <div ref={workArea} className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })} data-testid="correction-work-screen">
            <div className={studentId === null ? onlyWhenSideBySide : undefined}>
              <WorkNav
                studentId={studentId}
                previous={previous}
                next={next}
                position={place === -1 ? null : { index: place + 1, count: ids.length }}
                onMove={open}
                onBackToList={backToList}
              />
            </div>
            {rejection ? (
              <Banner tone="danger" testId="correction-rejected">
                {t('homework.correct.rejected', { message: rejection.message })}
              </Banner>
            ) : null}
            {studentId === null ? (
              <div className={onlyWhenSideBySide}>
                <EmptyState title={t('homework.correct.pickTitle')} text={t('homework.correct.pickText')} testId="correction-pick" />
              </div>
            ) : null}
            {studentId === null && listShown ? <ClassOverviewPanel overview={overview} onRetry={overview.retry} /> : null}
            {studentId !== null && work.status === 'loading' ? <LoadingBlock label={t('homework.correct.title')} /> : null}
            {studentId !== null && work.status === 'error' ? (
              <EmptyState
                tone="danger"
                title={t('homework.correct.loadError')}
                text={work.problem.message}
                action={<Button onClick={work.retry}>{t('shell.common.retry')}</Button>}
              />
            ) : null}
            {latest ? (
              <Suspense fallback={<LoadingBlock label={t('homework.correct.title')} />}>
                <SubmissionPanel
                  key={`${key}:${latest.version}:${latest.status}`}
                  work={latest}
                  waiting={waiting}
                  saved={saved}
                  onGrade={(changes) => {
                    unsent.current = null
                    if (version !== null) setSaveAsked({ key, version })
                    grade(changes)
                  }}
                  onMarkCorrected={(changes) => {
                    unsent.current = null
                    markCorrected(changes)
                  }}
                  onReopen={reopen}
                  onExtend={extend}
                  onChanges={onChanges}
                  onShown={onShown}
                />
                <PrivateComments key={`comments:${key}`} homeworkId={latest.homeworkId} studentId={latest.studentId} />
              </Suspense>
            ) : null}
          </div>
        </div>
      )}
    </div>
  )
}
