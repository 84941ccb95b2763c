import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {
  MAX_LENGTH,
  PLATFORMS,
  REQUIREMENTS,
  toRow,
  validateEstimateRequest,
} from './estimateRequest.ts'

const complete = {
  name: 'Asha',
  email: 'asha@example.com',
  phone: '98765 43210',
  platforms: ['Python'],
  requirements: ['Backtesting'],
  description: 'Backtest my rules.',
  terms_accepted: true,
  ownership_confirmed: true,
}

describe('the estimate form’s checks', () => {
  it('passes a complete request', () => {
    expect(validateEstimateRequest(complete)).toEqual({})
  })

  it('gives every empty field its message', () => {
    const empty = {
      name: '',
      email: '',
      phone: '',
      platforms: [],
      requirements: [],
      description: '',
      terms_accepted: false,
      ownership_confirmed: false,
    }
    expect(validateEstimateRequest(empty)).toEqual({
      name: 'Required',
      email: 'Required',
      phone: 'Required',
      description: 'Required',
      platforms: 'Select at least one',
      requirements: 'Select at least one',
      terms_accepted: 'Required',
      ownership_confirmed: 'Required',
    })
  })

  it('treats white space as empty', () => {
    expect(validateEstimateRequest({...complete, name: '  ', description: '\n\t'})).toEqual({
      name: 'Required',
      description: 'Required',
    })
  })

  it('refuses an e-mail address the browser’s e-mail input would refuse, in words', () => {
    for (const email of [
      'asha',
      'asha@',
      '@example.com',
      'asha rao@example.com',
      'asha@exa mple.com',
      'asha@-example.com',
      // Dots the browser lets through but no mail API takes as Reply-To (RFC 5322's dot-atom).
      '.asha@example.com',
      'asha.@example.com',
      'asha..rao@example.com',
    ]) {
      expect(validateEstimateRequest({...complete, email}), email).toEqual({
        email: 'Enter an email address like name@example.com',
      })
    }
    for (const email of ['asha@example.com', ' asha.rao+leads@example.co.in ', 'a@localhost']) {
      expect(validateEstimateRequest({...complete, email}), email).toEqual({})
    }
  })

  it('refuses text longer than the table takes, saying the limit', () => {
    const tooLong = 'x'.repeat(MAX_LENGTH.description + 1)
    expect(validateEstimateRequest({...complete, description: tooLong})).toEqual({
      description: 'Use at most 5,000 characters',
    })
    expect(validateEstimateRequest({...complete, description: ` ${tooLong.slice(1)} `})).toEqual({})
  })

  it('refuses an option the form does not offer', () => {
    expect(validateEstimateRequest({...complete, platforms: ['MetaTrader']})).toEqual({
      platforms: 'Choose from the options shown',
    })
  })

  it('trims text and orders chips as the form lists them', () => {
    expect(toRow({...complete, name: ' Asha ', platforms: ['Other', 'TradingView']})).toMatchObject(
      {
        name: 'Asha',
        platforms: ['TradingView', 'Other'],
      },
    )
  })
})

it('offers exactly the platforms and requirements the database accepts', () => {
  const migration = readFileSync(
    join(
      import.meta.dirname,
      '../../../supabase/migrations/20261121000000_free_estimate_requests.sql',
    ),
    'utf8',
  )
  const allowed = (column: string) =>
    [
      ...new RegExp(`${column} <@ array\\[([^\\]]+)\\]`)
        .exec(migration)![1]!
        .matchAll(/'([^']+)'/g),
    ].map((match) => match[1])
  expect(allowed('platforms')).toEqual([...PLATFORMS])
  expect(allowed('requirements')).toEqual([...REQUIREMENTS])
})
