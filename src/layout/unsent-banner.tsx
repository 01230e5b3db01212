import { css } from 'styled-system/css'
import { useEventStore, useStoreSnapshot } from '../events/react.ts'
import { useI18n, useT } from '../i18n/intl.tsx'
import { Banner } from '../ui/banner.tsx'
import { Button } from '../ui/button.tsx'

/**
 * Changes the server could not process (set aside by the outbox after a few tries, so the ones
 * behind them went on): each says when it was made and what the server said, with "send again"
 * and "discard" (which undoes it on this device).
 */
export function UnsentBanner() {
  const t = useT()
  const { intl } = useI18n()
  const store = useEventStore()
  const { setAside } = useStoreSnapshot().sync
  if (setAside.length === 0) return null
  return (
    <div className={css({ paddingInline: { base: '3', md: '6' }, paddingBlockStart: '3' })}>
      <Banner tone="danger" testId="unsent-banner">
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1' })}>
          <strong>{t('shell.unsent.title', { count: setAside.length })}</strong>
          <span>{t('shell.unsent.text')}</span>
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            {setAside.map(({ command, message }) => (
              <li
                key={command.id}
                data-testid="unsent-command"
                data-command-id={command.id}
                className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}
              >
                <span className={css({ flex: '1', minWidth: '12rem' })}>
                  {t('shell.unsent.item', { time: intl.formatDate(command.at, { dateStyle: 'medium', timeStyle: 'short' }), message })}
                </span>
                <Button size="sm" variant="outline" onClick={() => store.retryCommand(command.id)} data-testid="unsent-retry">
                  {t('shell.unsent.retry')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => store.discardCommand(command.id)} data-testid="unsent-discard">
                  {t('shell.unsent.discard')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </Banner>
    </div>
  )
}
