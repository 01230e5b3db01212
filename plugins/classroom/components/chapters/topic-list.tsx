import { useState } from 'react'
import { css } from 'styled-system/css'
import type { Chapter, Topic } from '../../contract/chapters-api.ts'
import { problemOf } from '../../../../src/api/client.ts'
import { useT } from '../../../../src/i18n/intl.tsx'
import { useResource } from '../../../../src/resources/resource.ts'
import { Button } from '../../../../src/ui/button.tsx'
import { ConfirmDialog } from '../../../../src/ui/dialog.tsx'
import { Spinner } from '../../../../src/ui/spinner.tsx'
import { notify } from '../../../../src/ui/toast.tsx'
import { createTopic, deleteTopic, loadTopics, renameTopic } from './chapters-api.ts'
import { NameDialog } from './name-dialog.tsx'
import { RowMenu } from './row-menu.tsx'

type Open = { kind: 'create' } | { kind: 'rename'; topic: Topic } | { kind: 'delete'; topic: Topic } | null

/** The topics of one open chapter: listed; added, renamed and deleted in place when the chapter is the teacher's own (`editable`). */
export function TopicList({ chapter, id }: { chapter: Chapter; id: string }) {
  const t = useT()
  const topics = useResource(['chapters.topics', chapter.id], () => loadTopics(chapter.id), { freshOnMount: true })
  const [open, setOpen] = useState<Open>(null)
  const close = (isOpen: boolean) => !isOpen && setOpen(null)
  const remove = async (topic: Topic) => {
    setOpen(null)
    try {
      await deleteTopic(topic.id)
      notify.success(t('classroom.chapters.topicDeleted'))
      topics.refetch()
      document.getElementById(`${id}-add`)?.focus()
    } catch (error) {
      notify.error(t('shell.common.error'), problemOf(error).message)
    }
  }
  return (
    <div
      id={id}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '2',
        paddingInlineStart: { base: '3', md: '8' },
        paddingInlineEnd: '2',
        paddingBlockEnd: '3',
      })}
    >
      {topics.status === 'loading' ? <Spinner size="sm" label={t('shell.common.loading')} /> : null}
      {topics.status === 'error' ? (
        <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          {topics.problem.message}
          <Button variant="link" size="sm" onClick={topics.retry}>
            {t('shell.common.retry')}
          </Button>
        </p>
      ) : null}
      {topics.status === 'ready' && topics.data.length === 0 ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid={`chapter-${chapter.id}-no-topics`}>
          {t('classroom.chapters.noTopics')}
        </p>
      ) : null}
      {topics.status === 'ready' && topics.data.length > 0 ? (
        <ul aria-label={t('classroom.chapters.topicsOf', { name: chapter.name })} className={css({ display: 'flex', flexDirection: 'column' })}>
          {topics.data.map((topic) => (
            <li
              key={topic.id}
              data-testid="topic-row"
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '2',
                paddingBlock: '1',
                borderBlockEndWidth: '1px',
                borderColor: 'border.default',
                _last: { borderBlockEndWidth: '0' },
              })}
            >
              <span dir="auto" className={css({ fontSize: 'sm', overflowWrap: 'anywhere', minWidth: '0' })} data-testid="topic-name">
                {topic.name}
              </span>
              {chapter.editable ? (
                <RowMenu
                  label={t('classroom.chapters.topicActions', { name: topic.name })}
                  onRename={() => setOpen({ kind: 'rename', topic })}
                  onDelete={() => setOpen({ kind: 'delete', topic })}
                  testId={`topic-${topic.id}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {chapter.editable ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            className={css({ marginInlineStart: '-3' })}
            id={`${id}-add`}
            onClick={() => setOpen({ kind: 'create' })}
            data-testid={`chapter-${chapter.id}-add-topic`}
          >
            {t('classroom.chapters.addTopic')}
          </Button>
        </div>
      ) : null}
      <NameDialog
        open={open?.kind === 'create'}
        onOpenChange={close}
        title={t('classroom.chapters.newTopic', { chapter: chapter.name })}
        label={t('classroom.chapters.topicName')}
        submitLabel={t('classroom.chapters.create')}
        save={async (name) => {
          await createTopic(chapter.id, name)
          notify.success(t('classroom.chapters.topicCreated'))
          topics.refetch()
        }}
        testId="topic-create"
      />
      <NameDialog
        open={open?.kind === 'rename'}
        onOpenChange={close}
        title={t('classroom.chapters.renameTopic')}
        label={t('classroom.chapters.topicName')}
        submitLabel={t('shell.common.save')}
        initialName={open?.kind === 'rename' ? open.topic.name : ''}
        save={async (name) => {
          if (open?.kind !== 'rename') return
          await renameTopic(open.topic.id, name)
          notify.success(t('classroom.chapters.topicRenamed'))
          topics.refetch()
        }}
        testId="topic-rename"
      />
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={close}
        title={open?.kind === 'delete' ? t('classroom.chapters.deleteTopicTitle', { name: open.topic.name }) : ''}
        description={t('classroom.chapters.deleteTopicText')}
        closeLabel={t('shell.common.close')}
        cancelLabel={t('shell.common.cancel')}
        confirmLabel={t('classroom.chapters.delete')}
        danger
        onConfirm={() => open?.kind === 'delete' && void remove(open.topic)}
        testId="topic-delete-dialog"
        confirmTestId="topic-delete-confirm"
      />
    </div>
  )
}
