// How prices read, on the site and in the Studio's lists alike: Indian rupees with Indian digit grouping.

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
})

/** 3300 -> "₹3,300" */
export const formatRupees = (amount: number) => rupees.format(amount)

/** 3300, "month" -> "₹3,300/month" */
export const formatRecurringPrice = (amount: number, period: string) =>
  `${formatRupees(amount)}/${period}`
