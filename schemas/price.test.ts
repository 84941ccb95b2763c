import {afterEach, describe, expect, it, vi} from 'vitest'
import {formatRecurringPrice, formatRupees, withIndianGrouping} from './price.ts'

const byIntl = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
})

describe('prices', () => {
  afterEach(() => vi.restoreAllMocks())

  it('writes rupees with Indian digit grouping', () => {
    expect(formatRupees(500)).toBe('₹500')
    expect(formatRupees(3300)).toBe('₹3,300')
    expect(formatRupees(250000)).toBe('₹2,50,000')
    expect(formatRupees(10_000_000)).toBe('₹1,00,00,000')
  })

  it('writes a plan price per period', () => {
    expect(formatRecurringPrice(3300, 'month')).toBe('₹3,300/month')
  })

  it('reads as Intl.NumberFormat writes rupees, for every kind of number', () => {
    const wholes = [
      0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000,
    ]
    const powers = Array.from({length: 16}, (_, exponent) => 10 ** exponent)
    const random = Array.from({length: 2000}, (_, index) =>
      Math.floor(((index * 7919) % 2000) ** 4.7),
    )
    const odd = [
      0.4,
      0.5,
      1.5,
      2.5,
      3300.49,
      3300.5,
      -0,
      -0.4,
      -2.5,
      -3300,
      NaN,
      Infinity,
      -Infinity,
    ]
    const huge = [
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      1e21,
      Number.MAX_SAFE_INTEGER * 1e9,
    ]
    for (const amount of [...wholes, ...powers, ...random, ...odd, ...huge]) {
      expect(formatRupees(amount), String(amount)).toBe(byIntl.format(amount))
      expect(formatRupees(-amount), String(-amount)).toBe(byIntl.format(-amount))
    }
  })

  it('formats whole prices without Intl, which costs a browser its ICU data on first use', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    expect(formatRupees(3300)).toBe('₹3,300')
    expect(formatRecurringPrice(250000, 'year')).toBe('₹2,50,000/year')
    expect(numberFormat).not.toHaveBeenCalled()
  })

  it('groups plain counts as en-IN does', () => {
    for (const count of [0, 7, 999, 1000, 2000, 12_345, 1_234_567])
      expect(withIndianGrouping(count)).toBe(count.toLocaleString('en-IN'))
  })
})
