// Every link in the repository's Markdown (the README, docs/, the workspaces' READMEs) reaches its file and heading.
import {execFileSync} from 'node:child_process'
import {existsSync, readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {expect, it} from 'vitest'
import {brokenLinks, headingAnchors, type Reader} from './docLinks.ts'

const readRepository: Reader = (path) => {
  const full = join(repositoryRoot, path)
  if (!existsSync(full)) return undefined
  return path.endsWith('.md') && statSync(full).isFile() ? readFileSync(full, 'utf8') : ''
}

// Tracked and new files alike (a page written but not yet committed is checked too), never what .gitignore keeps out.
const markdownFiles = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'],
  {cwd: repositoryRoot, encoding: 'utf8'},
)
  .split('\n')
  .filter((path) => path && existsSync(join(repositoryRoot, path)))

it('finds the README and the docs pages', () => {
  expect(markdownFiles).toContain('README.md')
  expect(markdownFiles.filter((path) => path.startsWith('docs/')).length).toBeGreaterThan(0)
})

it('has no broken link in any Markdown file', () => {
  expect(markdownFiles.flatMap((file) => brokenLinks(file, readRepository))).toEqual([])
})

it('reports a missing file, a missing heading and a link that is no URL, not what is in code', () => {
  const pages = new Map([
    [
      'docs/page.md',
      [
        '# Page',
        '## Setup: a hosted project',
        '## Setup: a hosted project',
        'See [the README](../README.md#quick-start), [setup](#setup-a-hosted-project-1),',
        '[nothing](missing.md), [no such heading](../README.md#no-such-heading), [bad](http://[oops]),',
        '[the servers](../servers/) and <a href="#page">the top</a>.',
        '`[in a code span](missing.md)`',
        '```md',
        '[in a fence](missing.md)',
        '```',
      ].join('\n'),
    ],
    ['README.md', '# Site\n\n## Quick start\n'],
    ['servers', ''],
  ])
  expect(brokenLinks('docs/page.md', (path) => pages.get(path))).toEqual([
    {file: 'docs/page.md', target: 'missing.md', problem: 'no file docs/missing.md'},
    {
      file: 'docs/page.md',
      target: '../README.md#no-such-heading',
      problem: 'no heading #no-such-heading in README.md',
    },
    {file: 'docs/page.md', target: 'http://[oops]', problem: 'not a URL'},
  ])
})

it('makes anchors as GitHub does: punctuation dropped, spaces made dashes, repeats numbered', () => {
  expect([
    ...headingAnchors(
      "# The Studio's connection to the lake\n## What supabase/local does\n## `npm start`, phase by phase\n## Tests\n## Tests\n```\n# not a heading\n```",
    ),
  ]).toEqual([
    'the-studios-connection-to-the-lake',
    'what-supabaselocal-does',
    'npm-start-phase-by-phase',
    'tests',
    'tests-1',
  ])
})
