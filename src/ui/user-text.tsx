import { css, cx } from 'styled-system/css'
import { textDirection } from '../../contracts/bidi.ts'

const isolate = css({ unicodeBidi: 'isolate' })

/**
 * One piece of user or mixed text (a name, a title, a comment, a question), isolated in its own
 * direction: it neither turns the words around it nor is turned by them, so "رسمتي" in an English
 * line and "Good work." in an Arabic one keep their order and their full stop at their end. The
 * direction is the text's first letter's, set as `dir` rather than left to `dir="auto"`: text with
 * no letter ("8 ÷ 2 = 4") reads left to right in both languages (auto would take the screen's and
 * turn a sum around in Arabic). Inline (`bdi`) by default, so the text still starts where the line
 * starts; `as="p"` for a paragraph of its own, which then also lines up with its own direction.
 */
export function UserText({ text, as: Tag = 'bdi', className, testId }: { text: string; as?: 'bdi' | 'p' | 'span'; className?: string; testId?: string }) {
  return (
    <Tag dir={textDirection(text)} className={cx(isolate, className)} data-user-text="" data-testid={testId}>
      {text}
    </Tag>
  )
}

/** "رسمتي.jpg" → "رسمتي" and ".jpg": an extension is up to eight letters or digits after the last dot, never the whole name. */
const splitFileName = (name: string): { stem: string; extension: string } => {
  const found = /^(.+?)(\.[\p{L}\p{N}]{1,8})$/u.exec(name)
  return found === null ? { stem: name, extension: '' } : { stem: found[1]!, extension: found[2]! }
}

/**
 * A file name: its name part isolated in its own direction and the extension after it. The whole
 * reads left to right unless both the name part and the screen are right to left, so "رسمتي.jpg"
 * reads "رسمتي.jpg" in English (not "jpg.رسمتي", what one right-to-left isolate shows) and in
 * Arabic keeps ".jpg" at the name's end as Arabic reads it; "2024 report.pdf" stays as written in both.
 */
export function FileName({ name, testId }: { name: string; testId?: string }) {
  const { stem, extension } = splitFileName(name)
  const direction = textDirection(stem)
  return (
    <span dir={direction === 'ltr' ? 'ltr' : undefined} className={isolate} data-file-name="" data-testid={testId}>
      <bdi dir={direction}>{stem}</bdi>
      {extension}
    </span>
  )
}

/**
 * A message that quotes user-like text (“مدرسة” = “مدرسه”, a gap-matching hint): each quoted part
 * isolated in its own direction, the rest in the screen's, so an Arabic example in an English line
 * (or a Latin one in Arabic) does not carry the words around it to the other end.
 */
export function QuotedText({ text }: { text: string }) {
  const parts = text.split(/“([^”]*)”/u)
  return (
    <span className={isolate}>
      {parts.map((part, index) =>
        index % 2 === 0 ? (
          part
        ) : (
          <span key={index}>
            “<UserText text={part} />”
          </span>
        ),
      )}
    </span>
  )
}
