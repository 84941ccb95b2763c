import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {emptyEstimateRequest, PLATFORMS, REQUIREMENTS, toRow, validateEstimateRequest} from './estimateRequest.ts'

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
    expect(validateEstimateRequest(emptyEstimateRequest())).toEqual({
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
    expect(validateEstimateRequest({...complete, name: '  ', description: '\n\t'})).toEqual({name: 'Required', description: 'Required'})
  })

  it('trims text and orders chips as the form lists them', () => {
    expect(toRow({...complete, name: ' Asha ', platforms: ['Other', 'TradingView']})).toMatchObject({
      name: 'Asha',
      platforms: ['TradingView', 'Other'],
    })
  })
})

it('offers exactly the platforms and requirements the database accepts', () => {
  const migration = readFileSync(
    join(import.meta.dirname, '../../../supabase/migrations/20261121000000_free_estimate_requests.sql'),
    'utf8',
  )
  const allowed = (column: string) =>
    [...new RegExp(`${column} <@ array\\[([^\\]]+)\\]`).exec(migration)![1]!.matchAll(/'([^']+)'/g)].map((match) => match[1])
  expect(allowed('platforms')).toEqual([...PLATFORMS])
  expect(allowed('requirements')).toEqual([...REQUIREMENTS])
})
