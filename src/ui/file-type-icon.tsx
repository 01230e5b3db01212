import { css } from 'styled-system/css'
import type { AttachmentGroup } from '../../contracts/attachments.ts'
import { Icon } from './icons.tsx'

/** The spec's file-type icon groups (doc, video, photo, audio), each its own shape and tint; an unknown type gets the document's. */
const paths: Readonly<Record<AttachmentGroup, string>> = {
  doc: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h8M8 9h2',
  video: 'M4 5h11a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM17 10l5-3v10l-5-3',
  photo: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21',
  audio: 'M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
}

const tile = css({
  display: 'inline-flex',
  flexShrink: '0',
  alignItems: 'center',
  justifyContent: 'center',
  width: '10',
  height: '10',
  borderRadius: 'lg',
  bg: 'accent.subtle',
  color: 'accent.emphasis',
})

const smallTile = css({
  display: 'inline-flex',
  flexShrink: '0',
  alignItems: 'center',
  justifyContent: 'center',
  width: '7',
  height: '7',
  borderRadius: 'md',
  bg: 'accent.subtle',
  color: 'accent.emphasis',
  '& svg': { width: '4', height: '4' },
})

export function FileTypeIcon({ group, size = 'md' }: { group: AttachmentGroup | null; size?: 'sm' | 'md' }) {
  const kind = group ?? 'doc'
  return (
    <span className={size === 'sm' ? smallTile : tile} aria-hidden data-group={kind} data-testid="attachment-icon">
      <Icon d={paths[kind]} />
    </span>
  )
}
