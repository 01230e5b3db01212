import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import type { ExamResults } from '../contract/results.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { notify } from '../../../src/ui/toast.tsx'
import { publishExamResults } from './commands.ts'
import { downloadExamResults } from './export-csv.ts'
import { usePublishing } from './projection.ts'
import { mayPublish } from './reads.ts'

/**
 * The results' actions: "Publish results" when the exam's lifecycle allows it (done), asked first
 * since marks are final after it and sent through the outbox; the CSV download at any time; and a
 * line saying why publishing is not offered yet, or that it is done. `onChanged` reads the results again.
 */
export function ResultsActions({ results, onChanged }: { results: ExamResults; onChanged: () => void }) {
  const t = useT()
  const store = useEventStore()
  const [asking, setAsking] = useState(false)
  const [commandId, setCommandId] = useState<string | null>(null)
  const [downloading, setDownloading] = useState(false)
  const { waiting, answer } = usePublishing(results.examId, commandId)
  useEffect(() => {
    if (answer?.kind === 'confirmed') onChanged()
  }, [answer]) // eslint-disable-line react-hooks/exhaustive-deps
  const canPublish = mayPublish(results.status) && !waiting
  const publish = () => {
    setAsking(false)
    setCommandId(store.dispatch(publishExamResults, { examId: results.examId, title: results.title }))
  }
  const download = async () => {
    setDownloading(true)
    try {
      await downloadExamResults(results.examId)
    } catch {
      notify.error(t('shell.common.error'), t('exams.results.downloadError'))
    } finally {
      setDownloading(false)
    }
  }
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {waiting ? (
        <Banner tone="info" testId="results-publishing">
          {t('exams.results.publishing')}
        </Banner>
      ) : null}
      {answer?.kind === 'refused' ? (
        <Banner tone="danger" testId="results-publish-refused">
          {t('exams.results.publishRefused', { message: answer.message })}
        </Banner>
      ) : null}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
        {canPublish ? (
          <Button onClick={() => setAsking(true)} data-testid="results-publish">
            {t('exams.results.publish')}
          </Button>
        ) : null}
        <Button variant="outline" loading={downloading} onClick={() => void download()} data-testid="results-download">
          {t('exams.results.download')}
        </Button>
        {results.published ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="results-published-note">
            {t('exams.results.publishedNote')}
          </p>
        ) : results.status === 'underCorrection' ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="results-not-done-note">
            {t('exams.results.notDoneNote')}
          </p>
        ) : null}
      </div>
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(false)}
          title={t('exams.results.publishTitle', { title: results.title })}
          description={t('exams.results.publishText')}
          confirmLabel={t('exams.results.publishConfirm')}
          cancelLabel={t('exams.common.cancel')}
          closeLabel={t('exams.common.close')}
          confirmTestId="results-publish-confirm"
          onConfirm={publish}
        />
      ) : null}
    </div>
  )
}
