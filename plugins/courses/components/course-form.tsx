import { css } from 'styled-system/css'
import { useLocation } from 'wouter'
import type { Course, TeacherSubject } from '../contract/courses-api.ts'
import { checkAttachmentCount, megabyte } from '../../../contracts/attachments.ts'
import { checkCourseFields, classRoomIdsOf, courseRules } from '../contract/courses.ts'
import { useForm } from '../../../src/forms/use-form.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { fieldError } from '../../../src/ui/field.tsx'
import { DateField } from '../../../src/ui/date-field.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { FileDrop } from '../../../src/ui/file-drop.tsx'
import { Select } from '../../../src/ui/select.tsx'
import { TextArea } from '../../../src/ui/text-area.tsx'
import { notify } from '../../../src/ui/toast.tsx'
import { createCourse, updateCourse } from '../api.ts'
import { courseAttachmentCount, courseAttachmentPurpose } from '../contract/upload-purposes.ts'
import { courseRoutes } from '../routes.ts'
import { UploadRows } from '../../../src/uploads/upload-rows.tsx'
import { AudienceField, audienceForSubject } from './audience-field.tsx'
import { useAttachmentUploads } from './use-attachment-uploads.ts'

/**
 * Create or edit a course: subject, its audience (her class rooms that have the subject), title,
 * release date, description and 1 to 20 attachments, each uploaded as soon as it is chosen. Saving
 * waits for the uploads and lists the stored ones. Editing offers the rooms she teaches now: a room
 * she no longer teaches leaves the audience when she saves.
 */
export function CourseForm({ course, subjects }: { course?: Course; subjects: ReadonlyArray<TeacherSubject> }) {
  const t = useT()
  const [, navigate] = useLocation()
  const uploads = useAttachmentUploads(course?.attachments ?? [])
  const subjectId = course ? String(course.subjectId) : subjects.length === 1 ? String(subjects[0]!.id) : ''
  const roomsOf = (id: string) => subjects.find((subject) => String(subject.id) === id)?.classRooms ?? null
  const initial = {
    subjectId,
    classRoomIds: audienceForSubject(course ? course.classRooms.map((room) => room.id).join(',') : '', roomsOf(subjectId) ?? []),
    title: course?.title ?? '',
    releaseDate: course?.releaseDate ?? '',
    description: course?.description ?? '',
  }
  const form = useForm({
    id: 'course',
    initial,
    rules: (values) => [
      ...checkCourseFields(values),
      ...checkAttachmentCount('attachmentIds', uploads.ids.length, courseAttachmentCount),
      ...(uploads.busy ? [{ field: 'attachmentIds', key: 'uploadsPending' as const }] : []),
    ],
    submit: async (values) => {
      const input = {
        subjectId: Number(values.subjectId),
        classRoomIds: classRoomIdsOf(values.classRoomIds),
        title: values.title,
        releaseDate: values.releaseDate,
        description: values.description,
        attachmentIds: uploads.ids,
      }
      const saved = course ? await updateCourse(course.id, input) : await createCourse(input)
      notify.success(t('shell.common.success'), t(course ? 'courses.form.updated' : 'courses.form.created'))
      navigate(courseRoutes.detail.link({ id: saved.id }))
    },
  })
  const attachmentsError = form.errors.attachmentIds
  return (
    <Card padding="lg" className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      {form.message ? <Banner tone="danger">{form.message}</Banner> : null}
      <form
        onSubmit={form.handleSubmit}
        noValidate
        className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' })}
        data-testid="course-form"
      >
        <Select
          label={t('courses.form.subject')}
          name="subjectId"
          options={subjects.map((subject) => ({ value: String(subject.id), label: subject.name }))}
          value={form.values.subjectId}
          onValueChange={(value) => {
            form.set('subjectId')(value)
            form.set('classRoomIds')(audienceForSubject(form.values.classRoomIds, roomsOf(value) ?? []))
          }}
          error={form.errors.subjectId || undefined}
          testId="course-subject"
        />
        <DateField {...form.field('releaseDate')} label={t('courses.form.releaseDate')} required testId="course-release-date" />
        <div className={css({ gridColumn: { md: '1 / -1' } })}>
          <AudienceField {...form.field('classRoomIds')} rooms={roomsOf(form.values.subjectId)} />
        </div>
        <TextField
          {...form.field('title')}
          label={t('courses.form.title')}
          required
          dir="auto"
          maxLength={120}
          testId="course-title"
          className={css({ gridColumn: { md: '1 / -1' } })}
        />
        <TextArea
          {...form.field('description')}
          label={t('courses.form.description')}
          helper={t('courses.form.descriptionHelp', { max: courseRules.descriptionUnder })}
          required
          dir="auto"
          testId="course-description"
          className={css({ gridColumn: { md: '1 / -1' } })}
        />
        <div className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', flexDirection: 'column', gap: '3' })}>
          <FileDrop
            label={t('courses.form.attachments', { max: courseAttachmentCount.maxFiles })}
            hint={t('courses.form.attachmentsHint', {
              videoFormats: 'AVI, MP4, MOV, WEBM',
              audioFormat: 'MP3',
              imageMb: courseAttachmentPurpose.maxBytes.photo / megabyte,
              side: courseAttachmentPurpose.minImageSide,
              otherMb: courseAttachmentPurpose.maxBytes.video / megabyte,
            })}
            chooseLabel={t('courses.form.choose')}
            onFiles={uploads.add}
            invalid={attachmentsError !== undefined && attachmentsError !== ''}
            describedBy={attachmentsError ? 'course-attachments-error' : undefined}
            testId="course-files"
          />
          {attachmentsError ? (
            <span id="course-attachments-error" className={fieldError} data-testid="course-files-error">
              {attachmentsError}
            </span>
          ) : null}
          <UploadRows entries={uploads.entries} onCancel={uploads.cancel} onRemove={uploads.remove} testId="course-attachment" />
        </div>
        <div className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', justifyContent: 'flex-end', gap: '3' })}>
          <Button variant="outline" onClick={() => navigate(course ? courseRoutes.detail.link({ id: course.id }) : courseRoutes.list.link())}>
            {t('courses.form.back')}
          </Button>
          <Button type="submit" loading={form.busy} data-testid="course-submit">
            {t(course ? 'courses.form.save' : 'courses.form.create')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
