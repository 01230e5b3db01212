import { css } from 'styled-system/css'
import type { ChapterWithTopics } from '../../classroom/contract/chapters-api.ts'
import { callApi } from '../../../src/api/client.ts'
import { useI18n, useT } from '../../../src/i18n/intl.tsx'
import { useResource } from '../../../src/resources/resource.ts'
import { isolate } from '../../../src/session/signed-in-identity.ts'
import { MultiSelect, Select } from '../../../src/ui/select.tsx'
import type { HomeworkFormValues } from '../form-values.ts'
import { topicIdsOf } from '../form-values.ts'

/** What the form keeps of a chapter: nothing chosen is '' (the select's "No chapter"). */
const noChapter = ''

/**
 * The chapter of the homework's subject (optional) and the topics of that chapter it is tagged with:
 * the chapters and topics of the current semester, read through the classroom feature's contract
 * (plugins/classroom/contract/chapters-api.ts), fresh each time the form opens, since the teacher may
 * have just added one on the class room's page. A chapter of another semester, kept from before,
 * stays chosen under its own label. Choosing another chapter clears the topics.
 */
export function ChapterFields({
  values,
  set,
  errors,
}: {
  values: Pick<HomeworkFormValues, 'subjectId' | 'chapterId' | 'topicIds'>
  set: (name: 'chapterId' | 'topicIds') => (value: string) => void
  errors: Readonly<Record<string, string>>
}) {
  const t = useT()
  const { intl } = useI18n()
  const subjectId = Number(values.subjectId)
  const chapters = useResource(
    values.subjectId === '' ? null : ['homework.chapters', subjectId],
    () => callApi((c) => c.chapters.currentSemesterChapters({ query: { SubjectID: subjectId } })),
    { freshOnMount: true },
  )
  const list: ReadonlyArray<ChapterWithTopics> = chapters.status === 'ready' ? chapters.data : []
  const chosen = list.find((chapter) => String(chapter.id) === values.chapterId)
  const options = [
    { value: noChapter, label: t('homework.form.noChapter') },
    ...list.map((chapter) => ({ value: String(chapter.id), label: chapter.name })),
    ...(values.chapterId !== noChapter && chosen === undefined && chapters.status === 'ready'
      ? [{ value: values.chapterId, label: t('homework.form.otherSemesterChapter') }]
      : []),
  ]
  const topicIds = new Set(topicIdsOf(values).map(String))
  const topicNames = (chosen?.topics ?? []).filter((topic) => topicIds.has(String(topic.id))).map((topic) => topic.name)
  const topicError = errors.topicIds ?? Object.entries(errors).find(([field]) => field.startsWith('topicIds.'))?.[1]
  return (
    <div
      className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4', minWidth: '0' })}
      data-testid="homework-chapter-fields"
    >
      <Select
        id="homework-chapterId"
        label={t('homework.form.chapter')}
        options={options}
        value={values.chapterId}
        onValueChange={(next) => {
          if (next === values.chapterId) return
          set('chapterId')(next)
          set('topicIds')('')
        }}
        error={errors.chapterId ?? (chapters.status === 'error' ? t('homework.form.chaptersError') : undefined)}
        testId="homework-chapter"
      />
      {chosen !== undefined ? (
        chosen.topics.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm', alignSelf: 'end' })} data-testid="homework-no-topics">
            {t('homework.form.chapterWithoutTopics')}
          </p>
        ) : (
          <MultiSelect
            id="homework-topicIds"
            label={t('homework.form.topics')}
            options={chosen.topics.map((topic) => ({ value: String(topic.id), label: topic.name }))}
            values={[...topicIds]}
            onValuesChange={(next) => set('topicIds')(next.join(','))}
            valueText={topicNames.length === 0 ? t('homework.form.noTopics') : intl.formatList(topicNames.map(isolate))}
            error={topicError}
            testId="homework-topics"
          />
        )
      ) : null}
    </div>
  )
}
