import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import type { ExamCorrectorsForEdit, ExamInfo } from '../contract/exam-views.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { correctorStatusTone } from '../builder/exam-actions.ts'
import { useCommandAnswer } from '../builder/use-command-answer.ts'
import { CorrectorResponse } from '../components/corrector-response.tsx'
import { CorrectorDecision } from './corrector-decision.tsx'
import { CorrectorsEditor } from './correctors-editor.tsx'

/**
 * An exam's correctors on its details page: each with her share and her status as a translated
 * badge (her machine's), the supervisor's reason when she was sent back; the supervising corrector
 * approves or sends back each one who accepted, and she or the author modifies the correctors while
 * the exam's machine lets them change; a corrector answers for herself (accept or decline).
 */
export function CorrectorsPanel({
  exam,
  forEdit,
  selfId,
  supervises,
  mayModify,
}: {
  exam: ExamInfo
  /** The correctors as UpdateCorrectors edits them (null: not the author or a supervisor, or not read yet). */
  forEdit: ExamCorrectorsForEdit | null
  selfId: string
  supervises: boolean
  mayModify: boolean
}) {
  const t = useT()
  const [editing, setEditing] = useState(false)
  const [decisionId, setDecisionId] = useState<string | null>(null)
  const decision = useCommandAnswer(decisionId)
  useEffect(() => {
    if (editing) document.getElementById('correctors-editor-title')?.focus()
  }, [editing])
  const held = exam.correctors
  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })} aria-labelledby="exam-correctors-heading" role="region">
      <div className={css({ display: 'flex', gap: '3', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' })}>
        <h2 id="exam-correctors-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('exams.details.correctors', { mode: t(`exams.correctorsMode.${exam.correctorsMode}`) })}
        </h2>
        {mayModify && forEdit !== null && !editing ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="correctors-modify">
            {t('exams.supervision.modify')}
          </Button>
        ) : null}
      </div>
      {decision.answer?.kind === 'refused' ? (
        <Banner tone="danger" testId="corrector-decision-refused">
          {decision.answer.message}
        </Banner>
      ) : null}
      {decision.waiting ? (
        <Banner tone="info" testId="corrector-decision-waiting">
          {t('exams.supervision.waiting')}
        </Banner>
      ) : null}
      {held.length === 0 ? (
        <EmptyState title={t('exams.details.noCorrectors')} text={t('exams.details.noCorrectorsText')} testId="exam-correctors-empty" />
      ) : (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="exam-details-correctors">
          {held.map((corrector) => {
            const nameId = `corrector-${corrector.correctorId}-name`
            return (
              <li
                key={corrector.correctorId}
                className={css({
                  display: 'flex',
                  flexDirection: { base: 'column', md: 'row' },
                  gap: '2',
                  justifyContent: 'space-between',
                  paddingBlockEnd: '3',
                  borderBlockEndWidth: '1px',
                  borderColor: 'border.default',
                })}
                data-testid="exam-details-corrector"
                data-corrector-id={corrector.correctorId}
              >
                <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
                  <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <span id={nameId} className={css({ fontWeight: 'medium' })}>
                      <bdi>{corrector.name}</bdi>
                    </span>
                    <StatusChip tone={correctorStatusTone[corrector.status]} data-testid="corrector-status">
                      {t(`exams.correctorStatus.${corrector.status}`)}
                    </StatusChip>
                    <span className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="corrector-share">
                      {t('exams.details.share', { share: corrector.percentage / 100 })}
                    </span>
                  </div>
                  {corrector.statusReason ? (
                    <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="corrector-reason-text">
                      {t('exams.list.reason')} <UserText text={corrector.statusReason} />
                    </p>
                  ) : null}
                </div>
                <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-start', flexShrink: 0 })}>
                  {supervises ? <CorrectorDecision exam={exam} corrector={corrector} describedBy={nameId} onSent={setDecisionId} /> : null}
                  {corrector.correctorId.toLowerCase() === selfId.toLowerCase() ? (
                    <CorrectorResponse exam={{ id: exam.id, title: exam.title, correctorStatus: corrector.status }} />
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      )}
      {editing && forEdit !== null ? <CorrectorsEditor exam={forEdit} title={exam.title} onDone={() => setEditing(false)} /> : null}
    </Card>
  )
}
