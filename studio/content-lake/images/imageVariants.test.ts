// Variants made once however many ask at the same moment: requests that find one being made wait for that
// transform and share its bytes. Driven on the class itself, so "at the same moment" does not depend on when an
// HTTP server reads each request (imageUrls.test.ts covers the same over HTTP).
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, expect, it} from 'vitest'
import {ImageVariants} from './imageVariants.ts'
import {ImageWorkers} from './imageWorkers.ts'
import {quadrants} from '../testing/testImages.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'lake-variants-'))
const images = new ImageWorkers()
afterAll(async () => {
  await images.close()
  rmSync(dataDir, {recursive: true, force: true})
})

const NAME = `${'a'.repeat(40)}-400x300.png`
mkdirSync(join(dataDir, 'assets', 'production'), {recursive: true})
writeFileSync(join(dataDir, 'assets', 'production', NAME), await quadrants(400, 300))

it('makes a variant asked for by many at once one time, and gives each the same bytes', async () => {
  const variants = new ImageVariants(dataDir, images)
  const ask = () =>
    variants.variant('production', NAME, new URLSearchParams('w=77&fm=png'), undefined)
  const answers = await Promise.all(Array.from({length: 5}, ask))
  expect(answers.map(({kept}) => kept)).toEqual(Array(5).fill(false))
  // One transform's output, shared: separate transforms would each give a buffer of their own.
  expect(answers.every(({bytes}) => bytes === answers[0]!.bytes)).toBe(true)
  expect(readdirSync(join(dataDir, 'assets', 'production', 'variants'))).toHaveLength(1)
  const again = await ask()
  expect(again.kept).toBe(true)
  expect(again.bytes.equals(answers[0]!.bytes)).toBe(true)
})
