// Types come from the schema and the queries: renaming a field the web app queries must break
// `npm run typecheck`. Checked on a temporary copy of the repository, so the working tree is untouched.
import {execFile} from 'node:child_process'
import {readFileSync, writeFileSync} from 'node:fs'
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

const typecheck = async () => {
  try {
    await promisify(execFile)('npm', ['run', 'typecheck'], {cwd: copy, maxBuffer: 16 * 1024 * 1024})
    return {passed: true, output: ''}
  } catch (error) {
    const failed = error as {stdout: string; stderr: string}
    return {passed: false, output: `${failed.stdout}\n${failed.stderr}`}
  }
}

it('passes on the repository as it is, and fails when a queried field is renamed in the schema', async () => {
  expect(await typecheck()).toEqual({passed: true, output: ''})

  const schemaFile = join(copy, 'schemas', 'documents', 'indicator.ts')
  const schema = readFileSync(schemaFile, 'utf8')
  expect(schema).toContain("name: 'price'")
  writeFileSync(schemaFile, schema.replace("name: 'price'", "name: 'priceInRupees'"))

  const broken = await typecheck()
  expect(broken.passed).toBe(false)
  expect(broken.output).toMatch(/Type errors in: .*scripts\/content.*, web/)
  expect(broken.output).toMatch(/app\/(routes|components)\/\w+\.tsx\(\d+,\d+\): error TS\d+/)
}, 240_000)
