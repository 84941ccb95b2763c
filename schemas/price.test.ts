import {describe, expect, it} from 'vitest'
import {formatRecurringPrice, formatRupees} from './price.ts'

describe('prices', () => {
  it('writes rupees with Indian digit grouping', () => {
    expect(formatRupees(500)).toBe('₹500')
    expect(formatRupees(3300)).toBe('₹3,300')
    expect(formatRupees(250000)).toBe('₹2,50,000')
  })

  it('writes a plan price per period', () => {
    expect(formatRecurringPrice(3300, 'month')).toBe('₹3,300/month')
  })
})
