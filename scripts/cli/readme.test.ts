// The README indexes docs/: every page there is linked from it. The layout's tree (docs/layout.md): every workspace
// is in it, and every folder it names exists.
import {existsSync, globSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {expect, it} from 'vitest'

const page = readFileSync(join(repositoryRoot, 'docs', 'layout.md'), 'utf8')
const layout = /## Workspaces[\s\S]*?```\n([\s\S]*?)```/.exec(page)?.[1] ?? ''
const listed = [...layout.matchAll(/^([a-z][\w./-]*\/)\s/gm)].map((match) =>
  match[1]!.replace(/\/$/, ''),
)

it('lists every workspace, each under its package name', () => {
  const {workspaces} = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  const folders = workspaces.flatMap((pattern) => globSync(pattern, {cwd: repositoryRoot})).sort()
  expect(listed.sort()).toEqual(folders)
  for (const folder of folders) {
    const {name} = JSON.parse(
      readFileSync(join(repositoryRoot, folder, 'package.json'), 'utf8'),
    ) as {name: string}
    expect(layout, folder).toContain(name)
  }
})

it('names only folders that exist', () => {
  expect(listed.length).toBeGreaterThan(0)
  for (const folder of listed) expect(existsSync(join(repositoryRoot, folder)), folder).toBe(true)
})

it('links every page of docs/ from the README', () => {
  const readme = readFileSync(join(repositoryRoot, 'README.md'), 'utf8')
  const pages = globSync('docs/*.md', {cwd: repositoryRoot})
  expect(pages.length).toBeGreaterThan(0)
  for (const path of pages) expect(readme, path).toContain(`](${path})`)
})
