// How content values are shown: dates as Indian readers write them, names in hints. Prices are formatted
// by the content model (@quantedge/schemas/price), so the Studio's lists read as the site does.
//
// Dates are written out rather than through Intl.DateTimeFormat, for the reason prices are (schemas/price.ts):
// a browser's first Intl formatter loads its ICU data on the main thread, a long task on a phone. format.test.ts
// holds the two to the same text.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "2026-11-01" -> "1 November 2026", as Intl.DateTimeFormat's en-IN long date writes it. */
export function formatDate(isoDate: string) {
  const date = new Date(`${isoDate}T00:00:00Z`)
  // Intl's own refusal of a date that does not exist.
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** Fills {name} in a hint such as "Mention “{name}” in your message". */
export const fillName = (template: string, name: string) => template.replaceAll('{name}', name)
