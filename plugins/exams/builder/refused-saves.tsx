import { css } from 'styled-system/css'
import { Link } from 'wouter'
import { useEventStore, useStoreSnapshot } from '../../../src/events/react.ts'
import type { LogEvent } from '../../../src/events/types.ts'
import { useT } from '../../../src/i18n/intl.tsx'
import { Banner } from '../../../src/ui/banner.tsx'
import { Button, buttonStyle } from '../../../src/ui/button.tsx'
import { examRoutes } from '../routes.ts'
import { examRefusalDismissed } from './events.ts'
import { examOfCommand, isExamSave, type ExamBuilderView } from './projection.ts'

/** The builder's page for a save, with the command to reopen (a new exam's on /exams/create). */
export const reopenLink = (command: LogEvent): string => {
  const record = examOfCommand(command)
  const page = record === 'new' ? examRoutes.create.link() : examRoutes.edit.link({ id: record })
  return `${page}?${new URLSearchParams({ reopen: command.id }).toString()}`
}

interface Unsaved {
  readonly command: LogEvent
  readonly message: string
  /** Refused by the server (she may put it aside here); else set aside by the outbox (the shell's banner discards it). */
  readonly refused: boolean
}

/**
 * The builder's saves the server refused or the outbox could not send: each names the exam and what
 * the server said, and reopens the builder with her values ("reopen"), or is put aside ("dismiss").
 */
export function RefusedSaves() {
  const t = useT()
  const store = useEventStore()
  const snapshot = useStoreSnapshot()
  const view = snapshot.views.examBuilder as ExamBuilderView | undefined
  const unsaved: Unsaved[] = [
    ...(view?.refusedSaves ?? []).map((answer) => ({ command: answer.command, message: answer.message, refused: true })),
    ...snapshot.sync.setAside.filter((entry) => isExamSave(entry.command)).map((entry) => ({ command: entry.command, message: entry.message, refused: false })),
  ]
  if (unsaved.length === 0) return null
  return (
    <Banner tone="danger" testId="exams-unsaved">
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1' })}>
        {unsaved.map(({ command, message, refused }) => (
          <li
            key={command.id}
            className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}
            data-testid="exams-unsaved-item"
            data-command-id={command.id}
          >
            <span className={css({ flex: '1', minWidth: '12rem' })} id={`unsaved-${command.id}`}>
              {t('exams.reopen.item', { title: (command.payload as { readonly title: string }).title, message })}
            </span>
            <Link
              href={reopenLink(command)}
              className={buttonStyle({ size: 'sm', variant: 'outline' })}
              aria-describedby={`unsaved-${command.id}`}
              data-testid="exams-unsaved-reopen"
            >
              {t('exams.reopen.open')}
            </Link>
            {refused ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => store.append(examRefusalDismissed, { commandId: command.id })}
                aria-describedby={`unsaved-${command.id}`}
                data-testid="exams-unsaved-dismiss"
              >
                {t('exams.reopen.dismiss')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Banner>
  )
}
