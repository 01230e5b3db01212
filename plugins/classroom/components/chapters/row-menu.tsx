import { css } from 'styled-system/css'
import { useT } from '../../../../src/i18n/intl.tsx'
import { Icon } from '../../../../src/ui/icons.tsx'
import { Menu } from '../../../../src/ui/menu.tsx'

const MoreIcon = () => <Icon d="M12 5h.01M12 12h.01M12 19h.01" strokeWidth="3" />

/** The rename / delete menu of one chapter or topic row. */
export function RowMenu({ label, onRename, onDelete, testId }: { label: string; onRename: () => void; onDelete: () => void; testId: string }) {
  const t = useT()
  return (
    <Menu
      label={label}
      triggerTestId={`${testId}-menu`}
      trigger={
        <span
          className={css({
            display: 'inline-flex',
            minWidth: { base: '7', md: '5' },
            minHeight: { base: '7', md: '5' },
            alignItems: 'center',
            justifyContent: 'center',
            color: 'fg.muted',
          })}
        >
          <MoreIcon />
        </span>
      }
      items={[
        { value: 'rename', label: t('classroom.chapters.rename'), onSelect: onRename, testId: `${testId}-rename` },
        { value: 'delete', label: t('classroom.chapters.delete'), onSelect: onDelete, testId: `${testId}-delete`, danger: true },
      ]}
    />
  )
}
