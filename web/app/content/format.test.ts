import {describe, expect, it} from 'vitest'
import {fillName, formatDate} from './format.ts'

describe('content formatting', () => {
  it('writes dates day month year', () => {
    expect(formatDate('2026-11-01')).toBe('1 November 2026')
  })

  it('fills the indicator name into a hint', () => {
    expect(fillName('Mention “{name}” when you write', 'Straddle RSI')).toBe(
      'Mention “Straddle RSI” when you write',
    )
  })
})
