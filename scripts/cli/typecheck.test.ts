// Types come from the schema and the queries: renaming a field the web app queries must break
// `npm run typecheck`. Checked on a temporary copy of the repository, so the working tree is untouched.
import {execFile, execFileSync} from 'node:child_process'
import {cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {promisify} from 'node:util'
import {afterAll, beforeAll, expect, it} from 'vitest'
import {repositoryRoot} from '@quantedge/server-kit/run'

let copy: string

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'typecheck-copy-'))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  })
  for (const file of files.split('\n').filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), {recursive: true})
    cpSync(join(repositoryRoot, file), join(copy, file))
  }
  // Installed packages are shared by symlink; the workspaces point at the copy's own folders.
  mkdirSync(join(copy, 'node_modules', '@quantedge'), {recursive: true})
  for (const entry of readdirSync(join(repositoryRoot, 'node_modules'))) {
    if (entry !== '@quantedge') symlinkSync(join(repositoryRoot, 'node_modules', entry), join(copy, 'node_modules', entry))
  }
  const {workspaces} = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {workspaces: string[]}
  for (const workspace of workspaces) {
    const {name} = JSON.parse(readFileSync(join(repositoryRoot, workspace, 'package.json'), 'utf8')) as {name: string}
    symlinkSync(join(copy, workspace), join(copy, 'node_modules', name))
  }
})
afterAll(() => rmSync(copy, {recursive: true, force: true}))

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
  expect(broken.output).toContain('Type errors in: scripts, web')
  expect(broken.output).toMatch(/app\/(routes|components)\/\w+\.tsx\(\d+,\d+\): error TS\d+/)
}, 240_000)
