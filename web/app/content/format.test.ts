import {afterEach, describe, expect, it, vi} from 'vitest'
import {fillName, formatDate} from './format.ts'

const byIntl = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

describe('content formatting', () => {
  afterEach(() => vi.restoreAllMocks())

  it('writes dates day month year', () => {
    expect(formatDate('2026-11-01')).toBe('1 November 2026')
  })

  it('writes every day as Intl.DateTimeFormat writes it, without Intl', () => {
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat')
    const days = Array.from({length: 3 * 366 + 40}, (_, day) =>
      new Date(Date.UTC(2023, 11, 1 + day)).toISOString().slice(0, 10),
    )
    for (const isoDate of [...days, '2026-02-30', '0999-01-05'])
      expect(formatDate(isoDate), isoDate).toBe(byIntl.format(new Date(`${isoDate}T00:00:00Z`)))
    expect(dateTimeFormat).not.toHaveBeenCalled()
  })

  it('refuses a date that is none, as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError)
    expect(() => byIntl.format(new Date('not a dateT00:00:00Z'))).toThrow(RangeError)
  })

  it('fills the indicator name into a hint', () => {
    expect(fillName('Mention “{name}” when you write', 'Straddle RSI')).toBe(
      'Mention “Straddle RSI” when you write',
    )
  })
})
