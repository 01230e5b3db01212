import { type ReactNode, type RefObject } from 'react'
import { Link } from 'wouter'
import { css } from 'styled-system/css'
import { useT } from '../i18n/intl.tsx'
import { requestLeave } from '../plugin-host/navigation-guard.ts'
import { useSession } from '../session/session-provider.tsx'
import { useSignedInIdentity } from '../session/signed-in-identity.ts'
import { LogoutIcon, MenuIcon, UserIcon } from '../ui/icons.tsx'
import { LanguageSwitch } from './language-switch.tsx'
import { useAccountPageLink } from './account-page-link.ts'

/** The signed-in frame's header: the menu button, the page's feature buttons, the language, the user and sign-out. */
export function TopBar({
  onMenu,
  menuOpen,
  menuButton,
  actions,
}: {
  onMenu: () => void
  menuOpen: boolean
  menuButton: RefObject<HTMLButtonElement | null>
  actions: ReactNode
}) {
  const t = useT()
  const { signOut } = useSession()
  const { name, image } = useSignedInIdentity()
  const accountLink = useAccountPageLink()
  return (
    <header
      className={css({
        position: 'sticky',
        insetBlockStart: '0',
        zIndex: 'sticky',
        display: 'flex',
        alignItems: 'center',
        gap: { base: '1', sm: '3' },
        height: '16',
        paddingInline: { base: '3', md: '6' },
        bg: 'bg.surface/90',
        backdropFilter: 'blur(8px)',
        borderBlockEndWidth: '1px',
        borderColor: 'border.default',
      })}
    >
      <button
        ref={menuButton}
        type="button"
        data-testid="menu-open"
        onClick={onMenu}
        aria-label={t('shell.nav.open')}
        aria-expanded={menuOpen}
        aria-controls="side-bar"
        className={css({
          display: { base: 'inline-flex', md: 'none' },
          alignItems: 'center',
          justifyContent: 'center',
          minWidth: '11',
          minHeight: '11',
          padding: '2',
          borderRadius: 'md',
          cursor: 'pointer',
          _hover: { bg: 'bg.subtle' },
          _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' },
        })}
      >
        <MenuIcon />
      </button>
      {actions}
      <div className={css({ flex: '1' })} />
      <LanguageSwitch />
      <UserChip
        href={accountLink}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '2',
          minWidth: { base: '11', md: 'auto' },
          minHeight: { base: '11', md: 'auto' },
          paddingBlock: '1',
          paddingInline: '2',
          borderRadius: 'lg',
          textDecoration: 'none',
          color: 'fg.default',
          _hover: { bg: 'bg.subtle' },
          _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' },
        })}
      >
        {image ? (
          <img src={image} alt="" width={32} height={32} className={css({ width: '8', height: '8', borderRadius: 'full', objectFit: 'cover' })} />
        ) : (
          <span
            aria-hidden
            className={css({
              display: 'inline-flex',
              width: '8',
              height: '8',
              borderRadius: 'full',
              bg: 'accent.subtle',
              color: 'accent.default',
              alignItems: 'center',
              justifyContent: 'center',
            })}
          >
            <UserIcon />
          </span>
        )}
        {/* The accessible name starts with the visible name (hidden, not removed, on phones) and says where it leads. */}
        <span
          data-testid="user-name"
          dir="auto"
          className={css({
            fontSize: 'sm',
            fontWeight: 'medium',
            srOnly: { base: true, sm: false },
            maxWidth: '12rem',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          })}
        >
          {name}
        </span>
        {accountLink === null ? null : <span className={css({ srOnly: true })}>{t('shell.topbar.profileHint')}</span>}
      </UserChip>
      <button
        type="button"
        data-testid="sign-out"
        onClick={() => requestLeave(signOut)}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: '2',
          height: { base: '11', md: '9' },
          minWidth: '11',
          paddingInline: '3',
          borderRadius: 'lg',
          fontSize: 'sm',
          color: 'fg.muted',
          cursor: 'pointer',
          _hover: { bg: 'bg.subtle', color: 'danger.default' },
          _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' },
        })}
      >
        <LogoutIcon />
        <span className={css({ display: { base: 'none', lg: 'inline' } })}>{t('shell.topbar.signOut')}</span>
        <span className={css({ srOnly: true, lg: { srOnly: false, display: 'none' } })}>{t('shell.topbar.signOut')}</span>
      </button>
    </header>
  )
}

/** Shown while the teacher (or admin) is on a one-time password: everything else answers "change it first". */

/** The chip leads to the account page a feature contributes (src/layout/account-page.ts); without one it is only the name. */
function UserChip({ href, className, children }: { href: string | null; className: string; children: ReactNode }) {
  return href === null ? (
    <div data-testid="user-chip" className={className}>
      {children}
    </div>
  ) : (
    <Link href={href} data-testid="user-chip" className={className}>
      {children}
    </Link>
  )
}
