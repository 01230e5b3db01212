import { css } from 'styled-system/css'
import { useT } from '../../../src/i18n/intl.tsx'
import { Card } from '../../../src/ui/card.tsx'

/**
 * An admin's home until the admin screens exist: what an admin can do today, through the API
 * (its reference at /api/docs), instead of a class-room list an admin does not have.
 */
export function AdminHome() {
  const t = useT()
  const tasks = [
    { title: t('home.admin.outbox.title'), text: t('home.admin.outbox.text'), call: 'GET /api/Admin/Outbox' },
    { title: t('home.admin.audit.title'), text: t('home.admin.audit.text'), call: 'GET /api/Admin/AuditLog' },
    { title: t('home.admin.links.title'), text: t('home.admin.links.text'), call: 'POST /api/Auth/CreateAutoLoginLink' },
  ]
  return (
    <section aria-labelledby="home-admin" data-testid="admin-home" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h2 id="home-admin" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('home.admin.title')}
      </h2>
      <p className={css({ color: 'fg.muted' })}>{t('home.admin.text')}</p>
      <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '4' })}>
        {tasks.map((task) => (
          <li key={task.title}>
            <Card padding="md" className={css({ display: 'flex', flexDirection: 'column', gap: '2', height: 'full' })}>
              <h3 className={css({ fontWeight: 'semibold' })}>{task.title}</h3>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{task.text}</p>
              {task.call === null ? null : (
                <code dir="ltr" className={css({ fontSize: 'xs', color: 'fg.default', alignSelf: 'start' })}>
                  {task.call}
                </code>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <a
        href="/api/docs"
        className={css({
          color: 'accent.emphasis',
          fontWeight: 'semibold',
          textDecoration: 'underline',
          alignSelf: 'start',
          minHeight: '11',
          display: 'inline-flex',
          alignItems: 'center',
        })}
      >
        {t('home.admin.docs')}
      </a>
    </section>
  )
}
