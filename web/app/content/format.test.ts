import {describe, expect, it} from 'vitest'
import {fillName, formatDate, formatRecurringPrice, formatRupees} from './format.ts'

describe('content formatting', () => {
  it('writes rupees with Indian digit grouping', () => {
    expect(formatRupees(500)).toBe('₹500')
    expect(formatRupees(3300)).toBe('₹3,300')
    expect(formatRupees(250000)).toBe('₹2,50,000')
  })

  it('writes a plan price per period', () => {
    expect(formatRecurringPrice(3300, 'month')).toBe('₹3,300/month')
  })

  it('writes dates day month year', () => {
    expect(formatDate('2026-11-01')).toBe('1 November 2026')
  })

  it('fills the indicator name into a hint', () => {
    expect(fillName('Mention “{name}” when you write', 'Straddle RSI')).toBe('Mention “Straddle RSI” when you write')
  })
})
