/** A YYYY-MM-DD release date as a Date at noon UTC, so formatting it in any time zone keeps the day. */
export const releaseDate = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`)
