import type { IntlShape } from '@formatjs/intl'

/**
 * A file's size as people read it: kilobytes under a megabyte, else megabytes with one decimal,
 * in the reader's digits and unit words (Intl's units: "1.5 MB", "١٫٥ ميغابايت").
 */
export const fileSize = (intl: IntlShape, bytes: number) =>
  bytes < 1024 * 1024
    ? intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
    : intl.formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, { style: 'unit', unit: 'megabyte' })
