// The `_headers` file as Netlify and Cloudflare Pages read it: written, read back, and matched by path.
import {expect, it} from 'vitest'
import {formatHeadersFile, headersFor, parseHeadersFile, type HeaderRule} from './headersFile.ts'

const rules: HeaderRule[] = [
  {path: '/*', headers: {'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer'}},
  {path: '/tradingview', headers: {'Content-Security-Policy': "default-src 'none'"}},
  {path: '/assets/*', headers: {'Referrer-Policy': 'same-origin'}},
]

it('writes each path, then its headers indented, and reads them back', () => {
  const text = formatHeadersFile(rules, 'Written by a test.\nSecond line.')
  expect(text).toBe(
    [
      '# Written by a test.',
      '# Second line.',
      '/*',
      '  X-Content-Type-Options: nosniff',
      '  Referrer-Policy: no-referrer',
      '/tradingview',
      "  Content-Security-Policy: default-src 'none'",
      '/assets/*',
      '  Referrer-Policy: same-origin',
      '',
    ].join('\n'),
  )
  expect(parseHeadersFile(text)).toEqual(rules)
})

it('adds every matching rule’s headers, exact paths and splats, a later rule winning a name', () => {
  expect(headersFor(rules, '/tradingview')).toEqual({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': "default-src 'none'",
  })
  expect(headersFor(rules, '/tradingview/')).not.toHaveProperty('Content-Security-Policy')
  expect(headersFor(rules, '/assets/entry.js')['Referrer-Policy']).toBe('same-origin')
})

it('refuses a header line with no path above it, or one that is not Name: value, naming the line', () => {
  expect(() => parseHeadersFile('  X-A: b\n')).toThrow(
    '_headers line 1 is not "Name: value" under a path',
  )
  expect(() => parseHeadersFile('/a\n  not a header\n')).toThrow('_headers line 2')
})
