/** A minimal RFC 4180 reader, to check what a spreadsheet would see. */
export const parseCsv = (csv: string): string[][] => {
  const rows: string[][] = [[]]
  let field = ''
  let quoted = false
  const endField = () => {
    rows.at(-1)!.push(field)
    field = ''
  }
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!
    if (quoted && c === '"' && csv[i + 1] === '"') {
      field += '"'
      i++
    } else if (quoted && c === '"') quoted = false
    else if (quoted) field += c
    else if (c === '"') quoted = true
    else if (c === ',') endField()
    else if (c === '\r' && csv[i + 1] === '\n') {
      endField()
      rows.push([])
      i++
    } else field += c
  }
  return rows.filter((row) => row.length > 0)
}
