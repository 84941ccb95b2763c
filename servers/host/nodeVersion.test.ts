import {expect, it} from 'vitest'
import {isOlder, nodeRefusal, OLDEST_NODE} from './nodeVersion.ts'

it.each([
  ['20.20.2', true],
  ['22.18.0', true],
  ['24.1.9', true],
  ['24.2.0', false],
  ['24.21.0', false],
  ['26.0.0', false],
])('Node.js %s is older than the servers need: %s', (version, older) => {
  expect(isOlder(version)).toBe(older)
})

it('refuses an older Node.js in one line that names both versions, and lets 24 through', () => {
  const refusal = nodeRefusal('20.20.2')
  expect(refusal).toContain('20.20.2')
  expect(refusal).toContain(OLDEST_NODE)
  expect(refusal?.split('\n')).toHaveLength(1)
  expect(nodeRefusal(process.versions.node)).toBeUndefined()
})
