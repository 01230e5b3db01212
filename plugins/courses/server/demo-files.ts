import sharp from 'sharp'
import type { Queryable } from '../../../server/db/db.ts'
import type { FileStoreService } from '../../../server/services/file-store.ts'

/**
 * The demo courses' files, drawn at start rather than shipped in the repo: one-page PDFs of plain
 * text (the standard Helvetica, nothing embedded) and pictures drawn from SVG shapes (no text, so no
 * font is needed). The same key always gives the same bytes, so the seed can store their sizes and
 * `ensureDemoCourseFiles` can write a missing one later (a new data folder, a test's own store).
 */
export const demoFileFolder = 'courses/demo/'

const pdfEscape = (line: string) => line.replace(/[\\()]/g, (character) => `\\${character}`)

/** A one-page A4 PDF with these lines, each object at the offset its cross-reference table gives. */
export const textPdf = (title: string, lines: ReadonlyArray<string>): Uint8Array => {
  const text = [
    `BT /F1 20 Tf 56 780 Td (${pdfEscape(title)}) Tj ET`,
    ...lines.map((line, index) => `BT /F1 12 Tf 56 ${740 - index * 20} Td (${pdfEscape(line)}) Tj ET`),
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}

const colours = ['#0f6f64', '#2f7fbf', '#c2571a', '#8a4baf']

/** A fraction wall: a whole, halves, thirds and quarters, one row each (800 × 500). */
const fractionWallSvg = () => {
  const rows = [1, 2, 3, 4]
    .map((parts, row) =>
      Array.from(
        { length: parts },
        (_, part) =>
          `<rect x="${40 + (part * 720) / parts}" y="${40 + row * 110}" width="${720 / parts - 8}" height="96" rx="10" fill="${colours[row]}" opacity="${0.55 + part * 0.1}"/>`,
      ).join(''),
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#fdfaf3"/>${rows}</svg>`
}

/** Sentence blocks: three rows of word blocks, a subject and its predicate in two colours (800 × 500). */
const sentenceBlocksSvg = () => {
  const rows = [
    [260, 300],
    [200, 180, 200],
    [320, 240],
  ]
    .map((widths, row) => {
      let x = 40
      return widths
        .map((width, index) => {
          const block = `<rect x="${x}" y="${60 + row * 140}" width="${width}" height="100" rx="14" fill="${colours[index === 0 ? 0 : 2]}" opacity="0.8"/>`
          x += width + 20
          return block
        })
        .join('')
    })
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#f6f8fb"/>${rows}</svg>`
}

const png = async (svg: string) => new Uint8Array(await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer())

/** Every demo file by its name under `demoFileFolder`. */
export const demoFiles: Readonly<Record<string, () => Promise<Uint8Array>>> = {
  'fractions-worksheet.pdf': async () =>
    textPdf('Fractions: halves and quarters', [
      '1. Colour one half of each shape.',
      '2. Colour one quarter of each shape.',
      '3. Which is bigger: one half or one quarter? Explain why.',
      '4. Write two quarters as a half.',
      '5. Ahmed ate 1/4 of a cake and Mona ate 2/4. Who ate more?',
    ]),
  'fraction-wall.png': () => png(fractionWallSvg()),
  'fractions-answers.pdf': async () =>
    textPdf('Fractions: answers', ['1. and 2. Shapes shared in equal parts.', '3. One half: two quarters make a half.', '4. 2/4 = 1/2', '5. Mona.']),
  'nominal-sentence.pdf': async () =>
    textPdf('Al-jumla al-ismiyya (the nominal sentence)', [
      'A nominal sentence starts with a noun: the mubtada (subject)',
      'and the khabar (predicate) that completes its meaning.',
      'Find five nominal sentences in the reading lesson and copy them.',
    ]),
  'sentence-blocks.png': () => png(sentenceBlocksSvg()),
  'plants-and-light.pdf': async () =>
    textPdf('Plants and light', ['Put one seedling by the window and one in a cupboard.', 'Draw both every two days for a week. What changes?']),
}

/** Writes every demo course file its rows name that is not in the store yet. Answers how many it wrote. */
export const ensureDemoCourseFiles = async (db: Queryable, store: FileStoreService): Promise<number> => {
  // Not for a caller: every school's demo course files, at start.
  const rows = await db.query<{ file_key: string }>(
    `SELECT DISTINCT file_key FROM course_attachments WHERE file_key LIKE '${demoFileFolder}%' ORDER BY file_key`,
  )
  let written = 0
  for (const { file_key: key } of rows) {
    const make = demoFiles[key.slice(demoFileFolder.length)]
    if (make === undefined) continue
    const existing = await store.open(key)
    if (existing !== null) {
      existing.destroy()
      continue
    }
    await store.put(key, await make())
    written++
  }
  return written
}
