// How content values are shown: dates as Indian readers write them, names in hints. Prices are formatted
// by the content model (@quantedge/schemas/price), so the Studio's lists read as the site does.

const longDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** "2026-11-01" -> "1 November 2026" */
export const formatDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`))

/** Fills {name} in a hint such as "Mention “{name}” in your message". */
export const fillName = (template: string, name: string) => template.replaceAll('{name}', name)
