// A costly answer got once in its time and shared meanwhile, by those asking at once and those asking soon after.
import {expect, it} from 'vitest'
import {recentAnswer} from './recentAnswer.ts'

it('asks once for every caller within its time, and again after it', async () => {
  let clock = 0
  let asked = 0
  const answer = recentAnswer(
    async () => {
      asked += 1
      return asked
    },
    2000,
    () => clock,
  )
  expect(await Promise.all([answer(), answer(), answer()])).toEqual([1, 1, 1])
  clock = 1999
  expect(await answer()).toBe(1)
  clock = 2000
  expect(await answer()).toBe(2)
  expect(asked).toBe(2)
})
