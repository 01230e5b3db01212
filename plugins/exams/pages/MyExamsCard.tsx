import { useT } from '../../../src/i18n/intl.tsx'
import { CardSection } from '../../../src/ui/card-section.tsx'
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
    <CardSection
      id="my-exams-card-title"
      title={t('exams.mine.title')}
      more={{ href: examRoutes.mine.link(), label: t('exams.mine.title') }}
      data-testid="my-exams-card"
    >
      <MyExamList exams={open} label={t('exams.mine.title')} />
    </CardSection>
  )
}
