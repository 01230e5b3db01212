import { Link } from 'wouter'
import { css } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'
import { buttonStyle } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LockIcon } from '../../../src/ui/icons.tsx'
import { examRoutes } from '../routes.ts'

/** The spec's "one-use exam URL expired" page: the link was used on another device, or the exam is finished. */
export function LinkInvalid() {
  const t = useT()
  return (
    <EmptyState
      icon={<LockIcon />}
      title={t('exams.take.invalidTitle')}
      text={t('exams.take.invalidText')}
      testId="exam-link-invalid"
      heading="h1"
      action={
        <Link href={examRoutes.mine.link()} className={buttonStyle({}) + ' ' + css({ textDecoration: 'none' })} data-testid="exam-to-my-exams">
          {t('exams.take.toMyExams')}
        </Link>
      }
    />
  )
}
