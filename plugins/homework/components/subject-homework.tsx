import { Link } from 'wouter'
import { css } from 'styled-system/css'
import { callApi } from '../../../src/api/client.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { Separator } from '../../../src/i18n/separator.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { isolate } from '../../../src/session/signed-in-identity.ts'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { UserText } from '../../../src/ui/user-text.tsx'
import type { ClassRoomSubjectSectionProps } from '../../classroom/public.ts'
import { homeworkByChapter } from '../homework-by-chapter.ts'
import { homeworkStudentsListRoute } from '../public.ts'

/**
 * The subject's homework and quizzes on the class room's overview, grouped by chapter ("No chapter"
 * last), each with its topics and a link to its correction; and the link to the students and their
 * homework. Fills the class room's subject sections (plugins/classroom/public.ts). Read afresh each
 * time the panel opens, so a homework just saved on the homework tab is there.
 */
export default function SubjectHomework({ classRoomId, name, subject }: ClassRoomSubjectSectionProps) {
  const t = useT()
  const { intl } = useI18n()
  const list = useResource(
    ['classRoomHomeworks', classRoomId, 'subject', subject.id],
    () => callApi((c) => c.homework.classRoomHomeworks({ query: { ClassRoomID: classRoomId, SubjectID: subject.id } })),
    { freshOnMount: true },
  )
  const headingId = `subject-homework-${subject.id}`
  const groups = list.status === 'ready' ? homeworkByChapter(list.data) : []
  return (
    <section aria-labelledby={headingId} className={css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' })} data-testid="subject-homework">
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' })}>
        <h4 id={headingId} className={css({ fontWeight: 'semibold', fontSize: 'md' })}>
          {t('homework.subject.title')}
        </h4>
        <Link href={homeworkStudentsListRoute.link({ name, id: String(classRoomId) })} className={buttonStyle({ variant: 'outline', size: 'sm' })}>
          {t('homework.subject.studentsLink')}
        </Link>
      </div>
      {list.status === 'loading' ? <LoadingBlock label={t('homework.subject.title')} /> : null}
      {list.status === 'error' ? (
        <Banner tone="danger">
          <span className={css({ flex: '1' })}>{t('homework.panel.loadError')}</span>
          <Button size="sm" variant="outline" onClick={list.retry}>
            {t('shell.common.retry')}
          </Button>
        </Banner>
      ) : null}
      {list.status === 'ready' && groups.length === 0 ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="subject-homework-empty">
          {t('homework.subject.empty')}
        </p>
      ) : null}
      {groups.map((group) => {
        const groupId = `${headingId}-chapter-${group.chapterId ?? 'none'}`
        return (
          <section
            key={group.chapterId ?? 'none'}
            aria-labelledby={groupId}
            className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' })}
            data-testid="subject-homework-chapter"
            data-chapter={group.chapterId ?? 'none'}
          >
            <h5 id={groupId} className={css({ fontWeight: 'semibold', fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
              {group.chapterName === null ? t('homework.subject.noChapter') : <UserText text={group.chapterName} />}
            </h5>
            <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
              {group.homework.map((homework) => (
                <li
                  key={homework.id}
                  className={css({
                    display: 'flex',
                    flexDirection: 'column',
                    gap: '0.5',
                    paddingBlock: '2',
                    paddingInline: '3',
                    borderWidth: '1px',
                    borderColor: 'border.default',
                    borderRadius: 'md',
                    minWidth: '0',
                  })}
                  data-testid="subject-homework-item"
                >
                  <Link
                    href={homeworkStudentsListRoute.link({ name, id: String(classRoomId), homework: String(homework.id) })}
                    className={css({
                      fontWeight: 'semibold',
                      color: 'accent.emphasis',
                      textDecoration: 'underline',
                      overflowWrap: 'anywhere',
                      alignSelf: 'start',
                    })}
                  >
                    <UserText text={homework.title} />
                  </Link>
                  <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    {t(homework.type === 'quiz' ? 'homework.type.quiz' : 'homework.type.homework')}
                    <Separator />
                    {t('homework.list.due', { due: new Date(homework.dueAt) })}
                  </p>
                  {homework.topicNames.length > 0 ? (
                    <p className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })} data-testid="subject-homework-topics">
                      {t('homework.subject.topics', { topics: intl.formatList(homework.topicNames.map(isolate)) })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </section>
  )
}
