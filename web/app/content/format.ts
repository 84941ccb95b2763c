// How content values are shown: prices in Indian rupees, dates as Indian readers write them.

const rupees = new Intl.NumberFormat('en-IN', {style: 'currency', currency: 'INR', maximumFractionDigits: 0})

/** 3300 -> "₹3,300" */
export const formatRupees = (amount: number) => rupees.format(amount)

/** 3300, "month" -> "₹3,300/month" */
export const formatRecurringPrice = (amount: number, period: string) => `${formatRupees(amount)}/${period}`

const longDate = new Intl.DateTimeFormat('en-IN', {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'})

/** "2026-11-01" -> "1 November 2026" */
export const formatDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`))

/** Fills {name} in a hint such as "Mention “{name}” in your message". */
export const fillName = (template: string, name: string) => template.replaceAll('{name}', name)
