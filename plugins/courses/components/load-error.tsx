import type { ApiProblem } from '../../../src/api/problem.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'

/** Courses that could not be loaded (not a refusal): the server's reason and a retry. */
export function CoursesLoadError({ problem, retry }: { problem: ApiProblem; retry: () => void }) {
  const t = useT()
  return <EmptyState tone="danger" title={t('courses.list.error')} text={problem.message} action={<Button onClick={retry}>{t('shell.common.retry')}</Button>} />
}
