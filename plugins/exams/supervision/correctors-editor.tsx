import { useState } from 'react'
import { css } from 'styled-system/css'
import { checkCorrectors } from '../contract/exam-rules.ts'
import type { ExamCorrectorsForEdit } from '../contract/exam-views.ts'
import type { Issue } from '../../../contracts/validation.ts'
import { loadIssueMessages } from '../../../src/forms/issue-messages.ts'
import { issuesToFields } from '../../../src/forms/issues.ts'
import { useEventStore } from '../../../src/events/react.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { updateCorrectors } from '../builder/commands.ts'
import { CorrectorsFields } from '../builder/correctors-fields.tsx'
import type { CorrectorRow } from '../builder/form-values.ts'
import { useCommandAnswer, useOnAnswer } from '../builder/use-command-answer.ts'
import { correctorMayBeRemoved, shareMayChange } from './corrector-rules.ts'

const numberOf = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value))

/** The rows' own rules (a corrector chosen, a share above 0 and at most 100), then the shared ones: each once, totalling 100. */
const checkRows = (rows: ReadonlyArray<CorrectorRow>, mode: ExamCorrectorsForEdit['correctorsMode'], threshold: number | null): Issue[] => [
  ...rows.flatMap((row, index): Issue[] => {
    const share = numberOf(row.percentage)
    return [
      ...(row.correctorId === '' ? [{ field: `correctors.${index}.correctorId`, key: 'required' } as const] : []),
      ...(Number.isFinite(share) && share > 0 && share <= 100 ? [] : [{ field: `correctors.${index}.percentage`, key: 'percentageRule' } as const]),
    ]
  }),
  ...checkCorrectors({
    correctorsMode: mode,
    markDifferenceThreshold: threshold,
    correctors: rows.map((row) => ({ correctorId: row.correctorId, percentage: numberOf(row.percentage) || 0 })),
  }).filter((issue) => issue.field !== 'markDifferenceThreshold'),
]

/**
 * "Modify correctors" for the supervising corrector (or the exam's author): add, remove (after a
 * confirmation), change shares, the shares totalling 100 (exam-rules.ts's message). A share her
 * machine keeps (she accepted or was approved) is shown locked until she is sent back. Saved with
 * UpdateCorrectors through the outbox; the editor stays open with her rows until the server has
 * answered, and shows a refusal on them.
 */
export function CorrectorsEditor({ exam, title, onDone }: { exam: ExamCorrectorsForEdit; title: string; onDone: () => void }) {
  const t = useT()
  const { locale } = useI18n()
  const store = useEventStore()
  const [rows, setRows] = useState<ReadonlyArray<CorrectorRow>>(() =>
    exam.correctors.filter((corrector) => corrector.status !== 'notAssigned').map((c) => ({ correctorId: c.correctorId, percentage: String(c.percentage) })),
  )
  const [tried, setTried] = useState(false)
  const [removing, setRemoving] = useState<number | null>(null)
  const [sentId, setSentId] = useState<string | null>(null)
  const sent = useCommandAnswer(sentId)
  useOnAnswer(sentId, (answer) => {
    if (answer.kind === 'confirmed') onDone()
  })
  const statusOf = (row: CorrectorRow) => exam.correctors.find((corrector) => corrector.correctorId.toLowerCase() === row.correctorId.toLowerCase())?.status
  const issues = checkRows(rows, exam.correctorsMode, exam.markDifferenceThreshold)
  const refusal = sent.answer?.kind === 'refused' ? sent.answer : null
  const errors = { ...(refusal?.fields ?? {}), ...(tried ? issuesToFields(issues, locale) : {}) }
  const save = async () => {
    await loadIssueMessages()
    setTried(true)
    if (issues.length > 0) return
    setSentId(
      store.dispatch(updateCorrectors, {
        examId: exam.examId,
        version: exam.version,
        title,
        correctorsMode: exam.correctorsMode,
        markDifferenceThreshold: exam.markDifferenceThreshold,
        correctors: rows.map((row) => ({ correctorId: row.correctorId, percentage: numberOf(row.percentage) })),
      }),
    )
  }
  const removingName = removing === null ? '' : (exam.candidates.find((candidate) => candidate.id === rows[removing]?.correctorId)?.name ?? '')
  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="correctors-editor">
      <h3 className={css({ fontWeight: 'semibold' })} id="correctors-editor-title" tabIndex={-1}>
        {t('exams.supervision.modifyTitle')}
      </h3>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('exams.supervision.modifyText')}</p>
      {refusal ? (
        <Banner tone="danger" testId="correctors-editor-refused">
          {refusal.message}
        </Banner>
      ) : null}
      {sent.waiting ? (
        <Banner tone="info" testId="correctors-editor-waiting">
          {t('exams.supervision.waiting')}
        </Banner>
      ) : null}
      <CorrectorsFields
        rows={rows}
        onChange={setRows}
        candidates={exam.candidates}
        errors={errors}
        disabled={sent.waiting}
        shareLocked={(row) => {
          const status = statusOf(row)
          return status === undefined || shareMayChange(status) ? undefined : t('exams.supervision.shareLocked')
        }}
        mayRemove={(row) => {
          const status = statusOf(row)
          return status === undefined || correctorMayBeRemoved(status)
        }}
        onRemoveRequest={setRemoving}
      />
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
        <Button variant="outline" onClick={onDone} data-testid="correctors-editor-cancel">
          {t('exams.common.cancel')}
        </Button>
        <Button onClick={() => void save()} disabled={sent.waiting} data-testid="correctors-editor-save">
          {t('exams.supervision.saveCorrectors')}
        </Button>
      </div>
      {removing !== null ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(null)}
          title={t('exams.supervision.removeTitle', { name: removingName || t('exams.form.corrector', { number: removing + 1 }) })}
          description={t('exams.supervision.removeText')}
          closeLabel={t('exams.common.close')}
          cancelLabel={t('exams.common.cancel')}
          confirmLabel={t('exams.form.remove')}
          danger
          confirmTestId="corrector-remove-confirm"
          testId="corrector-remove-dialog"
          onConfirm={() => {
            setRows(rows.filter((_, at) => at !== removing))
            setRemoving(null)
          }}
        />
      ) : null}
    </Card>
  )
}
