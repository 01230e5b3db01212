import { css } from 'styled-system/css'
import type { HomeworkSummary } from '../contract/homework.ts'
import type { HomeworkLine } from '../homework-lines.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Link } from 'wouter'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import { isolate } from '../../../src/session/signed-in-identity.ts'

const chip = css({
  fontSize: 'xs',
  fontWeight: 'semibold',
  paddingInline: '2',
  paddingBlock: '0.5',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.emphasis',
})

export function HomeworkList({
  lines,
  label,
  correctLink,
  onEdit,
  onClone,
  onDelete,
}: {
  lines: ReadonlyArray<HomeworkLine>
  label: string
  correctLink: (homework: HomeworkSummary) => string
  onEdit: (homework: HomeworkSummary) => void
  onClone: (homework: HomeworkSummary) => void
  onDelete: (homework: HomeworkSummary) => void
}) {
  const t = useT()
  return (
    <ul aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="homework-list">
      {lines.map((line) => {
        const title = line.kind === 'saved' ? line.homework.title : line.title
        const type = line.kind === 'saved' ? line.homework.type : line.type
        const dueAt = line.kind === 'saved' ? line.homework.dueAt : line.dueAt
        const waiting = line.kind === 'waiting' || line.waiting
        return (
          <li
            key={line.kind === 'saved' ? line.homework.id : line.id}
            className={
              cardStyle({ padding: 'md' }) +
              ' ' +
              css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: '3', justifyContent: 'space-between' })
            }
            data-testid="homework-line"
            data-waiting={waiting || undefined}
          >
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
              <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                <span className={chip}>{t(type === 'quiz' ? 'homework.type.quiz' : 'homework.type.homework')}</span>
                {line.kind === 'saved' && line.homework.quizMode ? <span className={chip}>{t(`homework.quizMode.${line.homework.quizMode}`)}</span> : null}
                {waiting ? (
                  <span className={css({ fontSize: 'xs', color: 'warning.default', fontWeight: 'semibold' })}>{t('homework.list.waiting')}</span>
                ) : null}
              </div>
              <h3
                id={`homework-line-${line.kind === 'saved' ? line.homework.id : line.id}`}
                // Where the focus goes when the homework before it is deleted.
                tabIndex={-1}
                className={css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' })}
              >
                <UserText text={title} testId="homework-line-title" />
              </h3>
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('homework.list.due', { due: new Date(dueAt) })}</p>
              {line.kind === 'saved' ? (
                <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  {t('homework.list.questions', { count: line.homework.questionCount, total: line.homework.totalDegree })}
                  <Separator />
                  <span data-testid="homework-line-progress">
                    {t('homework.list.handedIn', {
                      handedIn: line.homework.handedInCount,
                      students: line.homework.studentCount,
                      drafts: line.homework.draftCount,
                    })}
                  </span>
                  {line.homework.isMine ? null : (
                    <>
                      <Separator />
                      <span>{t('homework.list.byOther', { teacher: isolate(line.homework.teacherName) })}</span>
                    </>
                  )}
                </p>
              ) : null}
            </div>
            {line.kind === 'saved' && !line.waiting ? (
              <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-start' })}>
                <Link
                  href={correctLink(line.homework)}
                  aria-describedby={`homework-line-${line.homework.id}`}
                  className={buttonStyle({ size: 'sm' })}
                  data-testid="homework-correct"
                >
                  {t('homework.correct.open')}
                </Link>
                {line.homework.isMine ? (
                  <>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-describedby={`homework-line-${line.homework.id}`}
                      onClick={() => onEdit(line.homework)}
                      data-testid="homework-edit"
                    >
                      {t('homework.list.editButton')}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-describedby={`homework-line-${line.homework.id}`}
                      onClick={() => onClone(line.homework)}
                      data-testid="homework-clone"
                    >
                      {t('homework.list.cloneButton')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-describedby={`homework-line-${line.homework.id}`}
                      onClick={() => onDelete(line.homework)}
                      data-testid="homework-delete"
                    >
                      {t('homework.list.deleteButton')}
                    </Button>
                  </>
                ) : null}
              </div>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
