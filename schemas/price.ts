// How prices read, on the site and in the Studio's lists alike: Indian rupees with Indian digit grouping.
//
// Written out rather than through Intl.NumberFormat: a browser's first Intl formatter loads its ICU data on the
// main thread, 130-280 ms at Lighthouse's 4x CPU (one long task during hydration, measured in Chromium), and every
// page with a price would pay it. Intl stays the reference: price.test.ts compares the two over every kind of
// number, and numbers outside whole safe integers (fractions, NaN, huge ones) are still left to it.

/** CLDR's en-IN decimal pattern #,##,##0: the last three digits, then pairs. 250000 -> "2,50,000" */
export function withIndianGrouping(whole: number) {
  const digits = String(whole)
  const lastThree = digits.slice(-3)
  const rest = digits.slice(0, -3)
  return rest === '' ? lastThree : `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}`
}

let intlRupees: Intl.NumberFormat | undefined
const rupeesByIntl = (amount: number) =>
  (intlRupees ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 0,
  })).format(amount)

/** 3300 -> "₹3,300" */
export const formatRupees = (amount: number) =>
  Number.isSafeInteger(amount) && !Object.is(amount, -0)
    ? `${amount < 0 ? '-' : ''}₹${withIndianGrouping(Math.abs(amount))}`
    : rupeesByIntl(amount)

/** 3300, "month" -> "₹3,300/month" */
export const formatRecurringPrice = (amount: number, period: string) =>
  `${formatRupees(amount)}/${period}`
