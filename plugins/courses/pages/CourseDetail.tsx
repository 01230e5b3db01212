import { useState } from 'react'
import { css } from 'styled-system/css'
import { Link, useLocation } from 'wouter'
import { problemOf } from '../../../src/api/client.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import type { PageProps } from '../../../src/plugin-host/define-plugin.ts'
import { usePageTitle } from '../../../src/plugin-host/page-title.ts'
import { useResource } from '../../../src/resources/resource.ts'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { ConfirmDialog } from '../../../src/ui/dialog.tsx'
import { EmptyState } from '../../../src/ui/empty-state.tsx'
import { LoadingBlock } from '../../../src/ui/spinner.tsx'
import { notify } from '../../../src/ui/toast.tsx'
import { deleteCourse, loadCourse } from '../api.ts'
import { useClassRoomLabel } from '../../classroom/public.ts'
import { isolate } from '../../../src/session/signed-in-identity.ts'
import { StoredFileList } from '../../../src/uploads/stored-file-list.tsx'
import { courseFileTestIds } from '../components/course-file-test-ids.ts'
import { CourseHeading } from '../components/course-heading.tsx'
import { releaseDate } from '../components/release-date.ts'
import { courseRoutes } from '../routes.ts'
import { UserText } from '../../../src/ui/user-text.tsx'

/** The teacher's course: its fields, release and audience, and its attachments, each with its type's icon and a download link; edit, and delete after a confirmation. */
export default function CourseDetail({ params }: PageProps) {
  const t = useT()
  const { intl } = useI18n()
  const classRoomLabel = useClassRoomLabel()
  const [, navigate] = useLocation()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const course = useResource(valid ? ['course', id] : null, () => loadCourse(id), { freshOnMount: true })
  const [confirming, setConfirming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  usePageTitle(course.status === 'ready' ? course.data.title : t('courses.detail.title'))
  const back = (
    <Link href={courseRoutes.list.link()} className={buttonStyle({ variant: 'outline' })}>
      {t('courses.detail.back')}
    </Link>
  )
  if (!valid) return <EmptyState title={t('courses.detail.notFound')} action={back} />
  if (course.status === 'loading') return <LoadingBlock label={t('shell.common.loading')} />
  if (course.status === 'error')
    return (
      <EmptyState
        tone={course.problem.status === 404 ? 'neutral' : 'danger'}
        title={course.problem.status === 404 ? t('courses.detail.notFound') : t('courses.list.error')}
        text={course.problem.message}
        action={back}
      />
    )
  const { data } = course
  const remove = async () => {
    setDeleting(true)
    try {
      await deleteCourse(data.id)
      setConfirming(false)
      notify.success(t('shell.common.success'), t('courses.detail.deleted'))
      navigate(courseRoutes.list.link())
    } catch (error) {
      notify.error(t('courses.detail.deleteFailed'), problemOf(error).message)
    } finally {
      setDeleting(false)
    }
  }
  return (
    <article className={css({ display: 'flex', flexDirection: 'column', gap: '6', minWidth: '0' })} data-testid="course-detail">
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <CourseHeading subjectName={data.subjectName} title={data.title}>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="course-detail-release">
            {t(data.released ? 'courses.list.released' : 'courses.list.scheduled', { date: releaseDate(data.releaseDate) })}
          </p>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="course-detail-audience">
            {t('courses.detail.audience', { classRooms: intl.formatList(data.classRooms.map((room) => isolate(classRoomLabel(room)))) })}
          </p>
        </CourseHeading>
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
          {back}
          <Link href={courseRoutes.edit.link({ id: data.id })} className={buttonStyle({ variant: 'outline' })} data-testid="course-edit">
            {t('courses.detail.edit')}
          </Link>
          <Button variant="danger" onClick={() => setConfirming(true)} data-testid="course-delete">
            {t('courses.detail.delete')}
          </Button>
        </div>
      </header>
      <Card padding="lg" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <UserText as="p" text={data.description} className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })} testId="course-detail-description" />
        <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('courses.detail.attachments', { count: data.attachments.length })}</h2>
        <StoredFileList files={data.attachments} testIds={courseFileTestIds} />
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !deleting && setConfirming(open)}
        title={t('courses.detail.confirmTitle')}
        description={t('courses.detail.confirmText', { title: data.title })}
        confirmLabel={t('courses.detail.delete')}
        cancelLabel={t('shell.common.cancel')}
        closeLabel={t('shell.common.close')}
        onConfirm={() => void remove()}
        danger
        confirmTestId="course-delete-confirm"
      />
    </article>
  )
}
