import { useState } from 'react'
import { css } from 'styled-system/css'
import type { Chapter } from '../../contract/chapters-api.ts'
import { useT } from '../../../../src/i18n/intl.tsx'
import { ChevronDownIcon, ChevronIcon } from '../../../../src/ui/icons.tsx'
import { RowMenu } from './row-menu.tsx'
import { TopicList } from './topic-list.tsx'

/** One chapter: its name opens and closes its topics (a disclosure button); the menu renames or deletes it, for its author only. */
export function ChapterItem({ chapter, onRename, onDelete }: { chapter: Chapter; onRename: () => void; onDelete: () => void }) {
  const t = useT()
  const [expanded, setExpanded] = useState(false)
  const topicsId = `chapter-${chapter.id}-topics`
  return (
    <li data-testid="chapter-row" className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', bg: 'bg.surface' })}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', paddingInlineEnd: '2' })}>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={expanded ? topicsId : undefined}
          onClick={() => setExpanded((now) => !now)}
          data-testid={`chapter-${chapter.id}-toggle`}
          className={css({
            flex: '1',
            minWidth: '0',
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            minHeight: { base: '11', md: '10' },
            paddingInline: '3',
            textAlign: 'start',
            fontWeight: 'medium',
            cursor: 'pointer',
            borderRadius: 'lg',
            _hover: { bg: 'bg.subtle' },
            _focusVisible: { outline: '2px solid', outlineColor: 'focus.ring' },
          })}
        >
          {/* Closed: the chevron points along the reading direction (ChevronIcon mirrors in Arabic); open: down. */}
          <span className={css({ display: 'inline-flex', color: 'fg.muted' })}>{expanded ? <ChevronDownIcon /> : <ChevronIcon />}</span>
          <span dir="auto" data-testid="chapter-name" className={css({ overflowWrap: 'anywhere', minWidth: '0' })}>
            {chapter.name}
          </span>
        </button>
        {chapter.editable ? (
          <RowMenu
            label={t('classroom.chapters.chapterActions', { name: chapter.name })}
            onRename={onRename}
            onDelete={onDelete}
            testId={`chapter-${chapter.id}`}
          />
        ) : null}
      </div>
      {expanded ? <TopicList chapter={chapter} id={topicsId} /> : null}
    </li>
  )
}
