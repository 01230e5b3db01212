import { css } from 'styled-system/css'
import { Link } from 'wouter'
import type { ClassRoom } from '../../classroom/contract/class-room.ts'
import type { HomeworkSummary } from '../contract/homework.ts'
import { callApi } from '../../../src/api/client.ts'
import { shellRoutes } from '../../../src/plugin-host/shell-routes.ts'
import { homeworkStudentsListRoute } from '../public.ts'
import { classRoomLink, classRoomName, loadClassRooms } from '../../classroom/public.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { cardStyle } from '../../../src/ui/card.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { StatusChip } from '../../../src/ui/status-chip.tsx'
import { AssignmentsIcon } from '../assignments-icon.tsx'
import { byOpenFirst } from './assignments-order.ts'
import { UserText } from '../../../src/ui/user-text.tsx'

interface Assignment {
  readonly room: ClassRoom
  readonly homework: HomeworkSummary
}

/**
 * The teacher's own homework and quizzes in every class room she teaches: her class rooms
 * (GetTeacherClassRooms), then each one's homework (GetClassRoomHomeworks), read afresh on each visit.
 */
const loadAssignments = async (): Promise<ReadonlyArray<Assignment>> => {
  const rooms = await loadClassRooms()
  const lists = await Promise.all(rooms.map((room) => callApi((c) => c.homework.classRoomHomeworks({ query: { ClassRoomID: room.classRoomId } }))))
  return rooms.flatMap((room, index) => lists[index]!.filter((homework) => homework.isMine).map((homework) => ({ room, homework })))
}

/** /assignments: the side bar's "Assignments". Each links to its class room's Homework tab and to the students' answers. */
export default function AssignmentsPage() {
  const t = useT()
  const assignments = useResource(['assignments'], loadAssignments, { freshOnMount: true })
  const now = Date.now()
  const list = assignments.status === 'ready' ? [...assignments.data].sort((a, b) => byOpenFirst(a.homework, b.homework, now)) : []
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })} data-testid="assignments-page">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })} tabIndex={-1}>
          {t('homework.assignments.title')}
        </h1>
        <p className={css({ color: 'fg.muted' })}>{t('homework.assignments.intro')}</p>
      </header>
      {assignments.status === 'loading' ? <LoadingBlock label={t('shell.common.loading')} /> : null}
      {assignments.status === 'error' ? (
        <EmptyState
          tone="danger"
          title={t('homework.assignments.loadError')}
          text={assignments.problem.message}
          action={<Button onClick={assignments.retry}>{t('shell.common.retry')}</Button>}
          testId="assignments-error"
        />
      ) : null}
      {assignments.status === 'ready' && list.length === 0 ? (
        <EmptyState
          icon={<AssignmentsIcon />}
          title={t('homework.assignments.emptyTitle')}
          text={t('homework.assignments.emptyText')}
          action={
            <Link href={shellRoutes.home.link()} className={buttonStyle({})}>
              {t('homework.assignments.toClassRooms')}
            </Link>
          }
          testId="assignments-empty"
        />
      ) : null}
      {list.length > 0 ? (
        <ul aria-label={t('homework.assignments.label')} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="assignments-list">
          {list.map(({ room, homework }) => {
            const titleId = `assignment-${homework.id}`
            const closed = Date.parse(homework.dueAt) <= now
            return (
              <li
                key={homework.id}
                className={
                  cardStyle({ padding: 'md' }) +
                  ' ' +
                  css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: '3', justifyContent: 'space-between' })
                }
                data-testid="assignment"
              >
                <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
                  <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <StatusChip tone="info">{t(homework.type === 'quiz' ? 'homework.type.quiz' : 'homework.type.homework')}</StatusChip>
                    {homework.quizMode ? <StatusChip tone="neutral">{t(`homework.quizMode.${homework.quizMode}`)}</StatusChip> : null}
                    {closed ? <StatusChip tone="neutral">{t('homework.assignments.closed')}</StatusChip> : null}
                  </div>
                  <h2 id={titleId} className={css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' })}>
                    <UserText text={homework.title} />
                  </h2>
                  <dl className={css({ display: 'flex', columnGap: '4', rowGap: '1', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' })}>
                    <div className={css({ display: 'flex', gap: '1' })}>
                      <dt>{t('homework.assignments.classRoom')}:</dt>
                      <dd className={css({ color: 'fg.default', fontWeight: 'medium' })} data-testid="assignment-class-room">
                        <bdi>{homework.classRoomName}</bdi>
                      </dd>
                    </div>
                    <div className={css({ display: 'flex', gap: '1' })}>
                      <dt>{t('homework.assignments.subject')}:</dt>
                      <dd className={css({ color: 'fg.default', fontWeight: 'medium' })}>
                        <bdi>{homework.subjectName}</bdi>
                      </dd>
                    </div>
                  </dl>
                  <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('homework.list.due', { due: new Date(homework.dueAt) })}</p>
                  <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="assignment-progress">
                    {t('homework.assignments.progress', {
                      handedIn: homework.handedInCount,
                      students: homework.studentCount,
                      drafts: homework.draftCount,
                      corrected: homework.correctedCount,
                    })}
                  </p>
                </div>
                <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-start' })}>
                  <Link
                    href={homeworkStudentsListRoute.link({ name: classRoomName(room), id: String(room.classRoomId), homework: String(homework.id) })}
                    aria-describedby={titleId}
                    className={buttonStyle({ size: 'sm' })}
                    data-testid="assignment-correct"
                  >
                    {t('homework.correct.open')}
                  </Link>
                  <Link
                    href={classRoomLink(room, 'homework')}
                    aria-describedby={titleId}
                    className={buttonStyle({ size: 'sm', variant: 'outline' })}
                    data-testid="assignment-tab"
                  >
                    {t('homework.assignments.openTab')}
                  </Link>
                </div>
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}
