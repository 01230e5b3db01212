import { isToDo } from '../student-logic.ts'
import { css } from 'styled-system/css'
import { callApi } from '../../../src/api/client.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { Button } from '../../../src/ui/button.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { BookIcon } from '../../../src/ui/icons.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { MyHomeworkList } from '../components/homework-list.tsx'

/** Her homework and quizzes: what is still to do first, then what is handed in and corrected. */
export default function MyHomeworkPage() {
  const t = useT()
  const list = useResource(['myHomeworks'], () => callApi((c) => c.studentHomework.myHomeworks({ query: {} })), { freshOnMount: true })
  const open = list.status === 'ready' ? list.data.filter(isToDo) : []
  const rest = list.status === 'ready' ? list.data.filter((item) => !isToDo(item)) : []
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })} data-testid="my-homework-page">
      <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{t('student.page.title')}</h1>
      {list.status === 'loading' ? <LoadingBlock label={t('student.page.title')} /> : null}
      {list.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('student.page.loadError')}
          text={list.problem.message}
          action={<Button onClick={list.retry}>{t('shell.common.retry')}</Button>}
        />
      ) : null}
      {list.status === 'ready' && list.data.length === 0 ? (
        <EmptyState icon={<BookIcon />} title={t('student.page.emptyTitle')} text={t('student.page.emptyText')} testId="my-homework-empty" />
      ) : null}
      {open.length > 0 ? (
        <section aria-labelledby="my-homework-todo" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <h2 id="my-homework-todo" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {t('student.page.todo')}
          </h2>
          <MyHomeworkList items={open} label={t('student.page.todo')} />
        </section>
      ) : null}
      {rest.length > 0 ? (
        <section aria-labelledby="my-homework-done" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <h2 id="my-homework-done" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {t('student.page.handedIn')}
          </h2>
          <MyHomeworkList items={rest} label={t('student.page.handedIn')} />
        </section>
      ) : null}
    </div>
  )
}
