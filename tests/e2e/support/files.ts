/** A small PDF padded to `size` bytes: its type is read from `%PDF-`, whatever follows. */
export const pdfOf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20)
  bytes.write('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n')
  return bytes
}

/** A one-page PDF a viewer can draw (Helvetica text on an A6 page), unlike `pdfOf`'s padding. */
export const onePagePdf = (text: string) => {
  const content = `BT /F1 24 Tf 40 200 Td (${text}) Tj ET`
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
      `4 0 obj << /Length ${content.length} >> stream`,
      content,
      'endstream endobj',
      '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  )
}
