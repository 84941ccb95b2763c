// A start checks the depth of every stored document with `nestsDeeperThan`, which must agree with the kit's
// nestingDepth (what mutations measure) on every value, and stay shallow on a value nested 100,000 levels deep.
import {expect, it} from 'vitest'
import {nestingDepth} from '@quantedge/server-kit/depth'
import {nestsDeeperThan} from './depth.ts'

/** Values of every shape: scalars, empty and nested objects and arrays, mixed, at depths around the limit. */
function values(): unknown[] {
  const shapes: unknown[] = ['text', 3, null, true, {}, [], {a: 1}, [1, [2, [3]]], {a: [{b: []}]}]
  for (let depth = 1; depth <= 8; depth += 1) {
    let objects: unknown = 'leaf'
    let mixed: unknown = 1
    for (let level = 0; level < depth; level += 1) {
      objects = {level, child: objects}
      mixed = level % 2 === 0 ? [mixed, 'x'] : {before: 'x', child: mixed, after: []}
    }
    shapes.push(objects, mixed, {shallow: 1, deep: objects}, [[], mixed, {}])
  }
  return shapes
}

it('says a value nests deeper than the limit exactly when nestingDepth measures it deeper', () => {
  for (const value of values()) {
    for (let limit = 0; limit <= 9; limit += 1)
      expect(nestsDeeperThan(value, limit), JSON.stringify(value)).toBe(
        nestingDepth(value, limit) > limit,
      )
  }
})

it('stops at the limit on a value nested 100,000 levels deep', () => {
  const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown
  expect(nestsDeeperThan(deep, 20)).toBe(true)
})
