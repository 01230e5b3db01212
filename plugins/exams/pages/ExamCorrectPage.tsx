import { useCallback, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation, useSearch } from 'wouter'
import { CorrectionPaper } from '../components/correction-paper.tsx'
import { CorrectionPaperList } from '../components/correction-paper-list.tsx'
import { correctionReads, idOf, newestPaper, useCorrectionView } from '../correction/reads.ts'
import { ExamsIcon } from '../nav-icon.tsx'
import { examRoutes } from '../routes.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'

const layout = css({
  display: 'grid',
  gap: '6',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: '16rem minmax(0, 1fr)' },
  alignItems: 'start',
})
// On a phone the paper comes first and her list after it; from lg up the list is the first column.
const listPlace = css({ gridRow: { lg: '1' }, gridColumn: { lg: '1' }, position: { lg: 'sticky' }, insetBlockStart: { lg: '4' } })
const paperPlace = css({ gridRow: { lg: '1' }, gridColumn: { lg: '2' }, minWidth: '0' })

/**
 * `/exams/sessions/examcorrect/{id}`: a corrector grades her papers of one exam. `{id}` is the
 * exam's id (Fasl's choice: the spec's `ExamSessionID` names one paper, and a corrector opens an
 * exam, not a paper); `?paper=` keeps the paper open (a paper's id, the attempt's), so a reload or a
 * shared link opens it again; without it, her first paper not graded yet (else her first).
 */
export default function ExamCorrectPage({ params }: PageProps) {
  const t = useT()
  const examId = idOf(params.id)
  const chosenParam = idOf(new URLSearchParams(useSearch()).get('paper'))
  const [, navigate] = useLocation()
  const view = useCorrectionView()
  const papersRead = correctionReads.papers(examId ?? 0)
  const papers = useResource(examId === null ? null : papersRead.key, papersRead.load, { freshOnMount: true })
  const list = papers.status === 'ready' ? papers.data.papers : []
  const chosen = chosenParam ?? list.find((paper) => !paper.graded)?.sessionId ?? list[0]?.sessionId ?? null
  const paperRead = correctionReads.paper(chosen ?? 0)
  const read = useResource(chosen === null ? null : paperRead.key, paperRead.load, { freshOnMount: true })
  const paper = newestPaper(read.status === 'ready' ? read.data : null, chosen === null ? undefined : view.latest[String(chosen)])
  const [moved, setMoved] = useState(false)

  // Her list (graded or not) is read again each time the server answers one of her writes.
  const { refetch: refetchPapers } = papers
  const answered = useRef(view.answered)
  useEffect(() => {
    if (view.answered === answered.current) return
    answered.current = view.answered
    refetchPapers()
  }, [view.answered, refetchPapers])

  const linkTo = useCallback(
    (sessionId: number) => `${examRoutes.correct.link({ id: String(examId ?? '') })}?${new URLSearchParams({ paper: String(sessionId) }).toString()}`,
    [examId],
  )
  const move = useCallback(
    (sessionId: number) => {
      setMoved(true)
      navigate(linkTo(sessionId), { replace: true })
    },
    [navigate, linkTo],
  )

  if (examId === null) return <EmptyState icon={<ExamsIcon />} title={t('exams.correct.notFound')} heading="h1" testId="correction-not-found" />
  if (papers.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (papers.status === 'error')
    return (
      <EmptyState
        tone="danger"
        heading="h1"
        title={t('exams.correct.loadError')}
        text={papers.problem.message}
        action={
          <Link href={examRoutes.sessions.link()} className={css({ color: 'accent.emphasis', textDecoration: 'underline' })}>
            {t('exams.correct.backToSessions')}
          </Link>
        }
        testId="correction-error"
      />
    )
  const exam = papers.data
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' })} data-testid="exam-correct-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <Link
          href={examRoutes.sessions.link()}
          className={css({ color: 'accent.emphasis', fontSize: 'sm', textDecoration: 'underline', alignSelf: 'flex-start' })}
        >
          {t('exams.correct.backToSessions')}
        </Link>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
          <UserText text={exam.title} />
        </h1>
        <p className={css({ color: 'fg.muted' })}>{t(exam.correctorsMode === 'double' ? 'exams.correct.introDouble' : 'exams.correct.introSplit')}</p>
      </header>
      {list.length === 0 ? (
        <EmptyState icon={<ExamsIcon />} title={t('exams.correct.noPapersTitle')} text={t('exams.correct.noPapersText')} testId="correction-no-papers" />
      ) : (
        <div className={layout}>
          <div className={paperPlace}>
            {read.status === 'error' && paper === null ? (
              <EmptyState
                tone="danger"
                title={t('exams.correct.paperLoadError')}
                text={read.problem.message}
                action={<Button onClick={read.retry}>{t('shell.common.retry')}</Button>}
                testId="correction-paper-error"
              />
            ) : paper === null ? (
              <LoadingBlock label={t('shell.common.loading')} />
            ) : (
              <CorrectionPaper paper={paper} view={view} onMove={move} onReload={read.refetch} focusHeading={moved} />
            )}
          </div>
          <div className={listPlace}>
            <CorrectionPaperList papers={list} current={chosen} linkTo={linkTo} />
          </div>
        </div>
      )}
    </div>
  )
}
