import { css } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'
import { CardSection } from '../../../src/ui/card-section.tsx'
import { examRoutes } from '../routes.ts'
import { useIsSchoolAdmin, useSchoolExamSettings } from '../settings/use-exam-settings.ts'

/** An admin's home: the school's exam settings as they are, and the way to change them; nothing for anyone else. */
export default function ExamSettingsCard() {
  const t = useT()
  const isAdmin = useIsSchoolAdmin()
  const read = useSchoolExamSettings(isAdmin)
  if (!isAdmin) return null
  return (
    <CardSection
      id="exam-settings-card-title"
      title={t('exams.settings.cardTitle')}
      more={{ href: examRoutes.settings.link(), label: t('exams.settings.cardLink'), testId: 'exam-settings-link' }}
      data-testid="exam-settings-card"
    >
      {read.status === 'ready' ? (
        <p className={css({ color: 'fg.muted' })}>{t('exams.settings.cardText', { seconds: read.data.offlineGraceSeconds })}</p>
      ) : null}
    </CardSection>
  )
}
