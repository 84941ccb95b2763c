import {expect, it} from 'vitest'
import {nestingDepth} from './depth.ts'

it('measures nesting without recursion, and stops counting past the limit', () => {
  expect(nestingDepth('text', 5)).toBe(0)
  expect(nestingDepth({a: 1}, 5)).toBe(1)
  expect(nestingDepth({a: [{b: []}]}, 5)).toBe(4)
  const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown
  expect(nestingDepth(deep, 64)).toBe(65)
})
