// Types come from the schema and the queries: renaming a field the web app queries must break
// `npm run typecheck`. Checked on a temporary copy of the repository, so the working tree is untouched, and on
// the workspaces that read the field (the whole typecheck is `npm test`'s own phase before this one).
import {execFile} from 'node:child_process'
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {copyRepository} from '@quantedge/test-support/repositoryCopy'
import {afterAll, beforeAll, expect, it} from 'vitest'

let copy: string
let remove = () => {}

beforeAll(() => {
  ;({root: copy, remove} = copyRepository('typecheck-copy'))
})
afterAll(() => remove())

const READERS_OF_PRICE = ['scripts/content', 'web']

const typecheck = async (workspaces: string[]) => {
  try {
    await promisify(execFile)('npm', ['run', 'typecheck', '--', ...workspaces], {
      cwd: copy,
      maxBuffer: 16 * 1024 * 1024,
    })
    return {passed: true, output: ''}
  } catch (error) {
    const failed = error as {stdout: string; stderr: string}
    return {passed: false, output: `${failed.stdout}\n${failed.stderr}`}
  }
}

it('fails where the field is read once it is renamed in the schema, and only there', async () => {
  const schemaFile = join(copy, 'schemas', 'documents', 'indicator.ts')
  const schema = readFileSync(schemaFile, 'utf8')
  expect(schema).toContain("name: 'price'")
  writeFileSync(schemaFile, schema.replace("name: 'price'", "name: 'priceInRupees'"))

  const broken = await typecheck(READERS_OF_PRICE)
  expect(broken.passed).toBe(false)
  expect(broken.output).toContain('Type errors in: scripts/content, web')
  expect(broken.output).toMatch(/app\/(routes|components)\/\w+\.tsx\(\d+,\d+\): error TS\d+/)
  expect(broken.output).toMatch(
    /seed\/content\/indicators\.ts\(\d+,\d+\): error TS2741: Property 'priceInRupees' is missing/,
  )
  // The copy is the working tree, which the typecheck phase before this one found clean: every error is in a file
  // that reads the renamed field.
  const filesWithErrors = new Set(
    broken.output
      .split('\n')
      .flatMap((line) => /^(\S+)\(\d+,\d+\): error TS\d+/.exec(line)?.[1] ?? []),
  )
  expect(filesWithErrors.size).toBeGreaterThan(1)
  for (const file of filesWithErrors) {
    // tsc names a file from the folder it ran in: web/ for the web app, the repository for the others.
    const source = [copy, ...READERS_OF_PRICE.map((workspace) => join(copy, workspace))]
      .map((folder) => join(folder, file))
      .find(existsSync)
    expect(source, file).toBeDefined()
    expect(readFileSync(source!, 'utf8'), file).toMatch(/\bprice\b/)
  }
}, 300_000)

it('names the workspaces it knows when asked for one it does not', async () => {
  const unknown = await typecheck(['web', 'nowhere'])
  expect(unknown.passed).toBe(false)
  expect(unknown.output).toMatch(
    /Not a workspace with TypeScript: nowhere\. Choose from .*scripts\/content.*web/,
  )
})
