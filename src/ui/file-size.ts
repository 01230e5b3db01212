import type { IntlShape } from '@formatjs/intl'

/**
 * A file's size as people read it: kilobytes under a megabyte, else megabytes with one decimal,
 * in the reader's digits and unit words (Intl's units: "1.5 MB", "١٫٥ ميغابايت"; Arabic's short
 * units are abbreviations few readers know, so it spells them out).
 */
export const fileSize = (intl: IntlShape, bytes: number) => {
  const unitDisplay = intl.locale.startsWith('ar') ? 'long' : 'short'
  return bytes < 1024 * 1024
    ? intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte', unitDisplay })
    : intl.formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, { style: 'unit', unit: 'megabyte', unitDisplay })
}
