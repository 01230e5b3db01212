import { isToDo } from '../student-logic.ts'
import { callApi } from '../../../src/api/client.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { Button } from '../../../src/ui/button.tsx'
import { CardSection } from '../../../src/ui/card-section.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { BookIcon } from '../../../src/ui/icons.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { MyHomeworkList } from '../components/homework-list.tsx'
import { myHomeworkRoutes } from '../routes.ts'

/** Her home: what is still to do (soonest due first), and the way to everything else. */
export default function MyHomeworkCard() {
  const t = useT()
  const list = useResource(['myHomeworks'], () => callApi((c) => c.studentHomework.myHomeworks({ query: {} })), { freshOnMount: true })
  const todo = list.status === 'ready' ? list.data.filter(isToDo) : []
  return (
    <CardSection
      id="my-homework-card-title"
      title={t('student.page.todo')}
      more={{ href: myHomeworkRoutes.list.link(), label: t('student.card.all'), testId: 'my-homework-all' }}
      data-testid="my-homework-card"
    >
      {list.status === 'loading' ? <LoadingBlock label={t('student.page.title')} /> : null}
      {list.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('student.page.loadError')}
          text={list.problem.message}
          action={<Button onClick={list.retry}>{t('shell.common.retry')}</Button>}
        />
      ) : null}
      {list.status === 'ready' && todo.length === 0 ? (
        <EmptyState icon={<BookIcon />} title={t('student.card.allDone')} text={t('student.card.allDoneText')} />
      ) : null}
      {todo.length > 0 ? <MyHomeworkList items={todo} label={t('student.page.todo')} /> : null}
    </CardSection>
  )
}
