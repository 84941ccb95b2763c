import {expect, it} from 'vitest'
import {bearerToken} from './bearer.ts'

it('reads a bearer token, whatever the case of the scheme', () => {
  expect(bearerToken({authorization: 'Bearer abc'})).toBe('abc')
  expect(bearerToken({authorization: 'bearer abc'})).toBe('abc')
  expect(bearerToken({authorization: 'Basic abc'})).toBeUndefined()
  expect(bearerToken({authorization: 'Bearer '})).toBeUndefined()
  expect(bearerToken({})).toBeUndefined()
})
