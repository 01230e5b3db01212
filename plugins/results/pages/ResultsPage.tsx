import { lazy, Suspense, useMemo } from 'react'
import { css } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'
import { useContributions } from '../../../src/plugin-host/registry-context.tsx'
import { effectiveRoles, holdsAllRoles } from '../../../src/plugin-host/roles.ts'
import { useSession } from '../../../src/session/session-provider.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { ResultsIcon } from '../nav-icon.tsx'
import { resultsSections } from '../public.ts'

/** /results: the latest results other features contribute (plugins/results/public.ts), one section each; an empty state when none is for her. */
export default function ResultsPage() {
  const t = useT()
  const { roles } = useSession()
  const contributed = useContributions(resultsSections)
  const sections = useMemo(
    () =>
      contributed
        .filter((section) => holdsAllRoles(effectiveRoles(roles), section.roles))
        .sort((a, b) => a.order - b.order)
        .map((section) => ({ id: section.id, Section: lazy(section.section) })),
    [contributed, roles],
  )
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' })} data-testid="results-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
          {t('results.list.title')}
        </h1>
        <p className={css({ color: 'fg.muted' })}>{t('results.list.intro')}</p>
      </header>
      {sections.length === 0 ? (
        <EmptyState icon={<ResultsIcon />} title={t('results.list.emptyTitle')} text={t('results.list.emptyText')} testId="results-empty" />
      ) : (
        sections.map(({ id, Section }) => (
          <Suspense key={id} fallback={<LoadingBlock label={t('shell.common.loading')} />}>
            <Section />
          </Suspense>
        ))
      )}
    </div>
  )
}
