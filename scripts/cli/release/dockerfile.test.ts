// The Dockerfile runs what the release test runs (release.test.ts): the release command, the production install,
// and the release's start script, on the Node.js the release asks for, as a user who is not root, listening where a
// container's servers must. No Docker engine here builds it; this holds its steps to the commands that are tested.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {OLDEST_NODE} from '@quantedge/host/nodeVersion'
import {readPreviewEnv} from '@quantedge/preview-server/settings'
import {readPublishHookEnv} from '@quantedge/publish-hook/settings'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {readSiteServerEnv} from '@quantedge/site-server/settings'
import {expect, it} from 'vitest'
import {manifestOf} from './manifest.ts'

const dockerfile = readFileSync(join(repositoryRoot, 'Dockerfile'), 'utf8')
/** The instructions, each on one line (continuations joined), comments left out. */
const instructions = dockerfile
  .replaceAll(/\\\n/g, ' ')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
const all = (keyword: string) =>
  instructions
    .filter((line) => line.startsWith(`${keyword} `))
    .map((line) => line.slice(keyword.length + 1).trim())
const rootScripts = (
  JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
).scripts

it("builds on and runs Node.js's slim image of the major version the release asks for", () => {
  const major = OLDEST_NODE.split('.')[0]
  expect(all('FROM').map((from) => from.split(' ')[0])).toEqual([
    `node:${major}-slim`,
    `node:${major}-slim`,
  ])
})

it('makes the release with the release command, then installs it with the production install', () => {
  const runs = all('RUN').join('\n')
  expect(rootScripts.release).toContain('scripts/cli/release/main.ts')
  expect(runs).toMatch(/npm ci --no-audit --no-fund\n.*npm run release -- \/release/)
  expect(runs).toMatch(/npm ci --omit=dev /)
})

it("starts the servers with the release's start script, as a user who is not root", () => {
  expect(all('USER')).toEqual(['node'])
  expect(JSON.parse(all('CMD')[0]!)).toEqual(manifestOf({}).scripts.start.split(' '))
})

it('runs in production and has the servers listen on every address of the container, by their settings', () => {
  const env = Object.fromEntries(
    all('ENV')
      .join(' ')
      .split(/\s+/)
      .map((assignment) => assignment.split('=') as [string, string]),
  )
  // What release.test.ts starts the servers with too.
  expect(env.NODE_ENV).toBe('production')
  expect(readSiteServerEnv(env).host).toBe('0.0.0.0')
  expect(readPreviewEnv(env).host).toBe('0.0.0.0')
  expect(readPublishHookEnv({...env, PUBLISH_HOOK_SECRET: 'set'}).host).toBe('0.0.0.0')
})

it("checks its health on the site server's readiness", () => {
  expect(all('HEALTHCHECK').join(' ')).toMatch(/CMD \["node", "-e", ".*\/readyz/)
})
