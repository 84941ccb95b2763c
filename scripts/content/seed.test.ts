// `npm run seed` as a person runs it, against a throwaway lake: create-if-missing, --force, and a clear failure.
import {execFile} from 'node:child_process'
import {createServer, type AddressInfo} from 'node:net'
import {promisify} from 'node:util'
import {afterEach, beforeEach, expect, it} from 'vitest'
import {
  startTestLake,
  TEST_LAKE_TOKEN,
  testLakeClient,
  type TestLake,
} from '@quantedge/content-lake/testing/testLake'

let lake: TestLake
beforeEach(async () => {
  lake = await startTestLake()
})
afterEach(() => lake.close())

// Asynchronous on purpose: the lake answers from this process, so a blocking spawn would never get a reply.
async function runSeed(env: Record<string, string>, args: string[] = []) {
  try {
    const {stdout, stderr} = await promisify(execFile)(
      process.execPath,
      ['scripts/content/seed.ts', ...args],
      {
        env: {...process.env, SANITY_PROJECT_ID: 'test', ...env},
      },
    )
    return {status: 0, stdout, stderr}
  } catch (error) {
    const failed = error as {code: number; stdout: string; stderr: string}
    return {status: failed.code, stdout: failed.stdout, stderr: failed.stderr}
  }
}
const seed = (...args: string[]) =>
  runSeed({SANITY_API_HOST: lake.url, SANITY_API_WRITE_TOKEN: TEST_LAKE_TOKEN}, args)

const client = () => testLakeClient(lake.url)

it('creates the spec’s documents, keeps an editor’s change on a second run, and replaces it with --force', async () => {
  const first = await seed()
  expect(first.status).toBe(0)
  expect(first.stdout).toContain('created 33, kept 0, replaced 0')

  await client().patch('indicator-straddle').set({price: 750}).commit()
  const second = await seed()
  expect(second.stdout).toContain('created 0, kept 33, replaced 0')
  expect((await client().getDocument('indicator-straddle'))?.price).toBe(750)

  const forced = await seed('--force')
  expect(forced.stdout).toContain('created 0, kept 0, replaced 33')
  expect((await client().getDocument('indicator-straddle'))?.price).toBe(500)
})

it('says what is wrong when the lake refuses the token', async () => {
  const result = await runSeed({SANITY_API_HOST: lake.url, SANITY_API_WRITE_TOKEN: 'wrong'})
  expect(result.status).toBe(1)
  expect(result.stderr).toMatch(/failed: .*Session not found/)
})

it('says where it tried when no lake answers', async () => {
  const closedPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
  const result = await runSeed({SANITY_API_HOST: `http://127.0.0.1:${closedPort}`})
  expect(result.status).toBe(1)
  expect(result.stderr).toContain(
    `Seeding http://127.0.0.1:${closedPort} (dataset production) failed`,
  )
  expect(result.stderr).toContain('ECONNREFUSED')
})
