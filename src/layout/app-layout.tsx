import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { css, cx } from 'styled-system/css'
import { BrandMark } from '../ui/brand-mark.tsx'
import { getEventStore } from '../app/event-store.ts'
import { shellRoutes } from '../plugin-host/shell-routes.ts'
import { EventStoreProvider, useEventStore, useStoreSnapshot } from '../events/react.ts'
import { useT } from '../i18n/intl.tsx'
import { matchPath } from '../plugin-host/path-parser.ts'
import { visibleNav } from '../plugin-host/registry.ts'
import { useRegistry } from '../plugin-host/registry-context.tsx'
import { IdleDialog } from '../session/idle-dialog.tsx'
import { useSession } from '../session/session-provider.tsx'
import { Banner } from '../ui/banner.tsx'
import { AlertIcon, CloseIcon, LockIcon, WifiOffIcon } from '../ui/icons.tsx'
import { useAccountPageLink } from './account-page-link.ts'
import { FrameActions, useFrameActions } from './frame-action-slots.tsx'
import { LeaveDialog } from './leave-dialog.tsx'
import { UnsentBanner } from './unsent-banner.tsx'
import { useOnline } from './online.ts'
import { useWideScreen } from './wide-screen.ts'
import { TopBar } from './top-bar.tsx'

const navLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  paddingBlock: '2.5',
  paddingInline: '3',
  borderRadius: 'lg',
  color: 'fg.muted',
  fontWeight: 'medium',
  fontSize: 'sm',
  textDecoration: 'none',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring', outlineOffset: '1px' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.emphasis' },
})

const isCurrent = (to: string, location: string) => (to === '/' ? location === '/' : matchPath(`${to}/*`, location) !== null)

function SideBar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT()
  const { roles } = useSession()
  const { nav } = useRegistry()
  const [location] = useLocation()
  const closeButton = useRef<HTMLButtonElement>(null)
  // The drawer (narrow screens): focus moves into it on open, Escape closes it.
  useEffect(() => {
    if (!open) return
    closeButton.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, onClose])
  return (
    <>
      <div
        aria-hidden
        onClick={onClose}
        className={cx(
          css({ position: 'fixed', inset: '0', bg: 'overlay', zIndex: 'overlay', display: { base: 'block', md: 'none' } }),
          open ? undefined : css({ display: 'none!' }),
        )}
      />
      <nav
        id="side-bar"
        aria-label={t('shell.nav.label')}
        // Open on a phone it is a modal dialog: the rest of the page is inert (AppLayout), focus stays in here.
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        data-testid="side-bar"
        className={cx(
          css({
            position: { base: 'fixed', md: 'sticky' },
            insetBlockStart: '0',
            insetInlineStart: '0',
            height: '100dvh',
            width: '16rem',
            flexShrink: 0,
            bg: 'bg.surface',
            borderInlineEndWidth: '1px',
            borderColor: 'border.default',
            display: { base: 'none', md: 'flex' },
            flexDirection: 'column',
            gap: '1',
            padding: '4',
            // A drawer above its own backdrop on small screens; on wide ones a column that a dialog's backdrop covers.
            zIndex: { base: 'modal', md: 'sticky' },
          }),
          open ? css({ display: 'flex!' }) : undefined,
        )}
      >
        <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', paddingInline: '2', paddingBlockEnd: '5' })}>
          <Link
            href={shellRoutes.home.link()}
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              fontWeight: 'bold',
              fontSize: 'xl',
              color: 'accent.default',
              textDecoration: 'none',
            })}
          >
            <BrandMark />
            {t('shell.app.name')}
          </Link>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label={t('shell.nav.close')}
            className={css({
              display: { base: 'inline-flex', md: 'none' },
              alignItems: 'center',
              justifyContent: 'center',
              minWidth: '11',
              minHeight: '11',
              padding: '1',
              borderRadius: 'md',
              cursor: 'pointer',
              _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' },
            })}
          >
            <CloseIcon />
          </button>
        </div>
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {visibleNav(nav, roles).map((entry) => {
            const Icon = entry.icon
            return (
              <li key={entry.id}>
                <Link
                  href={entry.to}
                  className={navLink}
                  aria-current={isCurrent(entry.to, location) ? 'page' : undefined}
                  onClick={onClose}
                  data-testid={`nav-${entry.id}`}
                >
                  <Icon />
                  {t(entry.label)}
                  {entry.coming === true ? (
                    <span
                      data-testid={`nav-${entry.id}-coming`}
                      className={css({
                        marginInlineStart: 'auto',
                        fontSize: 'xs',
                        fontWeight: 'semibold',
                        color: 'accent.emphasis',
                        bg: 'accent.subtle',
                        paddingInline: '2',
                        paddingBlock: '0.5',
                        borderRadius: 'full',
                      })}
                    >
                      {t('shell.nav.coming')}
                    </span>
                  ) : null}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
    </>
  )
}

function PasswordChangeBanner() {
  const t = useT()
  const { session } = useSession()
  const accountLink = useAccountPageLink()
  if (session?.mustChangePassword !== true) return null
  return (
    <div className={css({ paddingInline: { base: '3', md: '6' }, paddingBlockStart: '3' })}>
      <Banner tone="warning" testId="password-change-banner">
        <LockIcon />
        <span className={css({ flex: '1' })}>{t('shell.passwordChange.banner')}</span>
        {accountLink === null ? null : (
          <Link href={accountLink} className={css({ fontWeight: 'semibold', color: 'inherit', textDecoration: 'underline', whiteSpace: 'nowrap' })}>
            {t('shell.passwordChange.action')}
          </Link>
        )}
      </Banner>
    </div>
  )
}

/** An edit could not be written to this device's storage (full, private mode): say so, never "kept". */
function StorageFailureBanner() {
  const t = useT()
  const store = useEventStore()
  const { storageFailure } = useStoreSnapshot()
  if (storageFailure === null) return null
  return (
    <div className={css({ paddingInline: { base: '3', md: '6' }, paddingBlockStart: '3' })}>
      <Banner tone="danger" testId="storage-failure">
        <span className={css({ flex: '1' })}>{t('shell.storage.failed')}</span>
        <button
          type="button"
          onClick={() => store.dismissStorageFailure()}
          className={css({ fontWeight: 'semibold', color: 'inherit', textDecoration: 'underline', cursor: 'pointer' })}
        >
          {t('shell.common.close')}
        </button>
      </Banner>
    </div>
  )
}

/**
 * After an in-app navigation (not the first load) the focus moves to the new page's heading, so a
 * screen reader starts there. The page may still be loading: the heading is awaited up to 3 s.
 */
// Module state, not a ref: the frame is mounted again by each route, while the page life goes on.
let lastLocation: string | null = null
function useFocusHeadingOnNavigation(location: string) {
  useEffect(() => {
    const previous = lastLocation
    lastLocation = location
    if (previous === null || previous === location) return
    let tries = 0
    let frame = 0
    const focus = () => {
      const heading = document.querySelector<HTMLElement>('main h1')
      if (heading) {
        heading.tabIndex = -1
        heading.focus()
      } else if (tries++ < 180) frame = requestAnimationFrame(focus)
    }
    frame = requestAnimationFrame(focus)
    return () => cancelAnimationFrame(frame)
  }, [location])
}

/**
 * The signed-in frame: side bar, top bar, banners, content, the features' actions, idle warning, the
 * leave-without-saving question. It is the root of every signed-in page, so it provides them the
 * account's event store (src/events/react.ts): pages take it from context, never from a global.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <EventStoreProvider value={getEventStore()}>
      <Frame>{children}</Frame>
    </EventStoreProvider>
  )
}

function Frame({ children }: { children: ReactNode }) {
  const t = useT()
  const online = useOnline()
  const { storageFailure, sync } = useStoreSnapshot()
  const storageFailed = storageFailure !== null
  const [menuOpen, setMenuOpen] = useState(false)
  const wide = useWideScreen()
  // What features put in the frame (frame-actions.tsx): in the top bar on a phone, floating on a wide screen.
  const actions = useFrameActions()
  const [location] = useLocation()
  useEffect(() => setMenuOpen(false), [location])
  useFocusHeadingOnNavigation(location)
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeMenu = useCallback(() => {
    setMenuOpen(false)
    // Back where the teacher was: the menu button (a link that navigates moves focus to the new heading instead).
    requestAnimationFrame(() => menuButton.current?.focus())
  }, [])
  return (
    <div className={css({ display: 'flex', minHeight: '100dvh' })}>
      {/* Moves focus without a history entry: a #main entry would drop the page's history state (the class room's) and re-open the page. */}
      <a
        href="#main"
        inert={menuOpen}
        onClick={(event) => {
          event.preventDefault()
          document.getElementById('main')?.focus()
        }}
        data-testid="skip-link"
        className={css({
          srOnly: true,
          _focus: {
            srOnly: false,
            position: 'fixed',
            insetBlockStart: '2',
            insetInlineStart: '2',
            zIndex: 'skipLink',
            bg: 'bg.surface',
            padding: '2',
            borderRadius: 'md',
          },
        })}
      >
        {t('shell.topbar.skip')}
      </a>
      <SideBar open={menuOpen} onClose={closeMenu} />
      {/* A size container: main's inline-end gutter below is worked out from this column's width (cqi). */}
      <div inert={menuOpen} className={css({ flex: '1', minWidth: 0, display: 'flex', flexDirection: 'column', containerType: 'inline-size' })}>
        <TopBar
          onMenu={() => setMenuOpen(true)}
          menuOpen={menuOpen}
          menuButton={menuButton}
          actions={wide || actions.length === 0 ? null : <FrameActions actions={actions} placement="bar" />}
        />
        <PasswordChangeBanner />
        <StorageFailureBanner />
        <UnsentBanner />
        {online ? null : (
          <div className={css({ paddingInline: { base: '3', md: '6' }, paddingBlockStart: '3' })}>
            <Banner tone="warning" testId="offline-banner">
              <WifiOffIcon />
              {storageFailed ? t('shell.offline.notKept') : t('shell.offline.banner')}
            </Banner>
          </div>
        )}
        {online && sync.serverTrouble ? (
          <div className={css({ paddingInline: { base: '3', md: '6' }, paddingBlockStart: '3' })}>
            <Banner tone="warning" testId="server-trouble-banner">
              <AlertIcon />
              {t('shell.serverTrouble.banner')}
            </Banner>
          </div>
        ) : null}
        <main
          id="main"
          tabIndex={-1}
          className={css({
            flex: '1',
            width: 'full',
            maxWidth: '72rem',
            marginInline: 'auto',
            paddingInlineStart: { base: '4', md: '8' },
            // On md and up a frame action floats at the inline-end corner (inset 8, size 14): the
            // content ends a gap (6) before it, so nothing scrolls beneath it. Where main's centring
            // margin (half of what the column has beyond 72rem) already gives that room, the usual 8.
            paddingInlineEnd: { base: '4', md: 'max(token(spacing.8), calc(token(spacing.8) + token(sizes.14) + token(spacing.6) - (100cqi - 72rem) / 2))' },
            paddingBlock: { base: '5', md: '8' },
            _focus: { outline: 'none' },
          })}
        >
          {children}
        </main>
      </div>
      {wide && actions.length > 0 ? (
        <div inert={menuOpen}>
          <FrameActions actions={actions} placement="floating" />
        </div>
      ) : null}
      <IdleDialog />
      <LeaveDialog />
    </div>
  )
}

export default AppLayout
