import { useState, type KeyboardEvent } from 'react'
import { css } from 'styled-system/css'
import { megabyte } from '../../../contracts/attachments.ts'
import { hasBidiControls } from '../../../contracts/bidi.ts'
import type { Issue } from '../../../contracts/validation.ts'
import { wordIssue } from '../../../src/forms/issue-messages.ts'
import { useLocale, useT } from '../../../src/i18n/intl.tsx'
import { formRow, UploadRows } from '../../../src/uploads/upload-rows.tsx'
import { Button } from '../../../src/ui/button.tsx'
import { Card } from '../../../src/ui/card.tsx'
import { TextField } from '../../../src/ui/field.tsx'
import { FileDrop } from '../../../src/ui/file-drop.tsx'
import { QuotedText, UserText } from '../../../src/ui/user-text.tsx'
import { homeworkMaterialLimits, isWebLink, type HomeworkLinkInput } from '../contract/materials.ts'
import { homeworkAttachmentPurpose } from '../contract/upload-purposes.ts'
import type { HomeworkMaterialsState } from './use-homework-materials.ts'

/** What is wrong with a link before it is added, as the server would say it (materials.ts). */
const linkIssue = (url: string, title: string, count: number): Issue | null => {
  if (count >= homeworkMaterialLimits.maxLinks) return { field: 'url', key: 'itemsAtMost', values: { max: homeworkMaterialLimits.maxLinks } }
  if (!isWebLink(url)) return { field: 'url', key: 'linkUrlInvalid' }
  if (hasBidiControls(title)) return { field: 'title', key: 'bidiControls' }
  if ([...title].length > homeworkMaterialLimits.linkTitleMax)
    return { field: 'title', key: 'lengthAtMost', values: { max: homeworkMaterialLimits.linkTitleMax } }
  return null
}

/**
 * The homework's attachments on its form: files (checked, then uploaded with progress, removable
 * before saving) and links (an http or https address and an optional title). Enter in a link's
 * fields adds it rather than saving the homework.
 */
export function HomeworkAttachmentsField({ materials }: { materials: HomeworkMaterialsState }) {
  const t = useT()
  const locale = useLocale()
  const [url, setUrl] = useState('')
  const [title, setTitle] = useState('')
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({})
  const { uploads, links, setLinks } = materials

  const addLink = async () => {
    const trimmed = { url: url.trim(), title: title.trim() }
    const issue = linkIssue(trimmed.url, trimmed.title, links.length)
    if (issue !== null) {
      setErrors({ [issue.field]: await wordIssue(issue, locale) })
      document.getElementById(`homework-link-${issue.field}`)?.focus()
      return
    }
    const link: HomeworkLinkInput = trimmed.title === '' ? { url: trimmed.url } : trimmed
    setLinks([...links, link])
    setUrl('')
    setTitle('')
    setErrors({})
    document.getElementById('homework-link-url')?.focus()
  }
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    void addLink()
  }

  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}>
      <section aria-labelledby="homework-attachments-title" className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}>
        <h3 id="homework-attachments-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('homework.materials.heading')}
        </h3>
        <FileDrop
          label={t('homework.materials.files', { max: homeworkMaterialLimits.maxFiles })}
          hint={t('homework.materials.filesHint', {
            imageMb: homeworkAttachmentPurpose.maxBytes.photo / megabyte,
            side: homeworkAttachmentPurpose.minImageSide,
            otherMb: homeworkAttachmentPurpose.maxBytes.doc / megabyte,
            audioFormat: 'MP3',
          })}
          chooseLabel={t('homework.materials.choose')}
          onFiles={uploads.add}
          testId="homework-files"
        />
        <UploadRows entries={uploads.entries} onCancel={uploads.cancel} onRemove={uploads.remove} testId="homework-attachment" />
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3', alignItems: 'start' })}>
          <TextField
            id="homework-link-url"
            type="url"
            inputMode="url"
            dir="ltr"
            autoComplete="off"
            label={t('homework.materials.linkUrl')}
            helper={<QuotedText text={t('homework.materials.linkUrlHelp')} />}
            value={url}
            onValueChange={setUrl}
            onKeyDown={onEnter}
            error={errors.url}
            testId="homework-link-url"
          />
          <TextField
            id="homework-link-title"
            dir="auto"
            label={t('homework.materials.linkTitle')}
            value={title}
            onValueChange={setTitle}
            onKeyDown={onEnter}
            error={errors.title}
            testId="homework-link-title"
          />
        </div>
        <div>
          <Button variant="outline" onClick={() => void addLink()} data-testid="homework-link-add">
            {t('homework.materials.addLink')}
          </Button>
        </div>
        {links.length > 0 ? (
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} aria-label={t('homework.materials.links')} data-testid="homework-links">
            {links.map((link, index) => (
              <li key={`${index}-${link.url}`} className={formRow} data-testid="homework-link">
                <div className={css({ display: 'flex', flexDirection: 'column', flex: '1', minWidth: '0' })}>
                  <span className={css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                    <UserText text={link.title ?? link.url} />
                  </span>
                  {link.title ? (
                    <span dir="ltr" className={css({ fontSize: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}>
                      {link.url}
                    </span>
                  ) : null}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setLinks(links.filter((_, at) => at !== index))}
                  aria-label={t('homework.materials.removeLinkNamed', { name: link.title ?? link.url })}
                  data-testid="homework-link-remove"
                >
                  {t('homework.materials.removeLink')}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </Card>
  )
}
