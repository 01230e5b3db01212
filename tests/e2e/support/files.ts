/** A small PDF padded to `size` bytes: its type is read from `%PDF-`, whatever follows. */
export const pdfOf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20)
  bytes.write('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n')
  return bytes
}
