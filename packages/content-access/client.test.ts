// Switching between the embedded lake and a Sanity project is configuration only: the same code,
// other settings. And no other file of the app, the servers or the tools knows which lake it talks to.
import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {parseEnv} from 'node:util'
import {describe, expect, it} from 'vitest'
import {contentClient} from './client.ts'
import {readContentEnv} from './env.ts'

const root = resolve(import.meta.dirname, '../..')

describe('the content client from configuration', () => {
  it('talks to the embedded lake with this machine’s settings (.env.example), by address and without a project hostname', () => {
    const machine = parseEnv(readFileSync(join(root, '.env.example'), 'utf8'))
    const client = contentClient('published', readContentEnv(machine))
    expect(client.getUrl('/data/query/production')).toBe(
      'http://127.0.0.1:4444/v2025-02-19/data/query/production',
    )
    expect(client.config().token).toBeUndefined()
  })

  it('talks to Sanity’s API, without a token, when only a project is named', () => {
    const env = readContentEnv({SANITY_PROJECT_ID: 'abc123'})
    expect(contentClient('published', env).getUrl('/data/query/production')).toBe(
      'https://abc123.api.sanity.io/v2025-02-19/data/query/production',
    )
    expect(contentClient('drafts', env).config().token).toBeUndefined()
    expect(contentClient('write', env).config().token).toBeUndefined()
  })

  it('refuses to guess a project, naming the variable and where this machine’s value is', () => {
    expect(() => readContentEnv({})).toThrow(/SANITY_PROJECT_ID is not set.*\.env\.example/)
  })

  it("talks to a Sanity project's own host when SANITY_API_HOST is empty", () => {
    const env = readContentEnv({
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'staging',
      SANITY_API_HOST: '',
    })
    const client = contentClient('published', env)
    expect(client.getUrl('/data/query/staging')).toBe(
      'https://abc123.api.sanity.io/v2025-02-19/data/query/staging',
    )
  })

  it('gives the read token to the drafts client and the write token to the write client, never to the public one', () => {
    const env = readContentEnv({
      SANITY_PROJECT_ID: 'abc123',
      SANITY_API_READ_TOKEN: 'read',
      SANITY_API_WRITE_TOKEN: 'write',
    })
    expect(contentClient('drafts', env).config()).toMatchObject({
      token: 'read',
      perspective: 'drafts',
    })
    expect(contentClient('write', env).config()).toMatchObject({token: 'write', perspective: 'raw'})
    expect(contentClient('published', env).config().token).toBeUndefined()
  })

  it('refuses settings that are not a project id, a dataset or a URL, naming the variable', () => {
    expect(() => readContentEnv({SANITY_PROJECT_ID: 'Not An Id'})).toThrow(/SANITY_PROJECT_ID/)
    expect(() => readContentEnv({SANITY_PROJECT_ID: 'p', SANITY_DATASET: 'no spaces'})).toThrow(
      /SANITY_DATASET/,
    )
    expect(() => readContentEnv({SANITY_PROJECT_ID: 'p', SANITY_API_HOST: 'nowhere'})).toThrow(
      /SANITY_API_HOST/,
    )
  })
})

describe('no code branches on which Content Lake it talks to', () => {
  const configurationFiles = new Set([
    'packages/content-access/env.ts',
    'packages/content-access/client.ts',
  ])
  const sources = execFileSync(
    'git',
    [
      'ls-files',
      '--cached',
      '--others',
      '--exclude-standard',
      'web',
      'scripts',
      'servers',
      'packages',
      'harness',
      'schemas',
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(
      (file) =>
        /\.(ts|tsx)$/.test(file) &&
        !/\.test\.tsx?$|\/e2e\//.test(file) &&
        !configurationFiles.has(file),
    )

  it.each([
    ['the embedded lake’s address', /127\.0\.0\.1:4444|localhost:4444/],
    ['a lake host setting', /\bapiHost\b|useProjectHostname/],
    ['Sanity’s API host', /api\.sanity\.io/],
    ['the embedded project id', /['"]embedded['"]/],
  ])('only the configuration module mentions %s', (_what, pattern) => {
    const offenders = sources.filter((file) => pattern.test(readFileSync(join(root, file), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('looks at the web app, the servers, the packages, the harness, the scripts and the seed', () => {
    expect(sources).toContain('web/app/root.tsx')
    expect(sources).toContain('servers/publish-hook/live.ts')
    expect(sources).toContain('harness/editorialStack.ts')
    expect(sources).toContain('scripts/content/seed.ts')
    expect(sources).toContain('schemas/seed/seed.ts')
  })
})
