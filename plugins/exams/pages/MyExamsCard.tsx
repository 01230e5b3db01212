import { Link } from 'wouter'
import { css } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { MyExamList } from '../components/my-exam-list.tsx'
import { examRoutes } from '../routes.ts'
import { useMyExams } from '../take-exam/use-my-exams.ts'

/** Her home: the exams she can start or continue now; nothing when there are none. */
export default function MyExamsCard() {
  const t = useT()
  const list = useMyExams()
  const open = list.status === 'ready' ? list.data.exams.filter((exam) => exam.token !== null) : []
  if (open.length === 0) return null
  return (
    <section
      aria-labelledby="my-exams-card-title"
      className={cardStyle({ padding: 'md' }) + ' ' + css({ display: 'flex', flexDirection: 'column', gap: '3', gridColumn: '1 / -1' })}
      data-testid="my-exams-card"
    >
      <h2 id="my-exams-card-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('exams.mine.title')}
      </h2>
      <MyExamList exams={open} label={t('exams.mine.title')} />
      <Link
        href={examRoutes.mine.link()}
        className={css({
          color: 'accent.emphasis',
          fontWeight: 'semibold',
          textDecoration: 'underline',
          minHeight: '11',
          display: 'inline-flex',
          alignItems: 'center',
        })}
      >
        {t('exams.mine.title')}
      </Link>
    </section>
  )
}
