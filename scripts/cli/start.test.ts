// `npm start` in a copy of the repository, started on free ports with the copy's own data. On a fresh data folder
// it prints one line per phase the site needs, in order, then its addresses, then one line per phase built in the
// background, and no line that reports a failure or a warning: nothing is wrong, so nothing may say so. A phase
// that fails stops it on one line that says so, with the last lines of the phase's log and the log's path, and a
// non-zero exit, leaving nothing running: shown with a schema file that does not parse, which the site does not
// read (it is ready first) but the types and the Studio do.
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {acceptsConnections} from '@quantedge/server-kit/answers'
import {productOnFreePorts, startCopyScript} from '@quantedge/test-support/copyScripts'
import {copyRepository} from '@quantedge/test-support/repositoryCopy'
import {afterAll, expect, it} from 'vitest'

const copy = copyRepository('start')
afterAll(() => copy.remove())
/**
 * Both starts listen on the same ports, as a developer's next start does: the site and the draft preview the first
 * built are for the same settings (their pages name Supabase's address), so the second need not render them again.
 */
const ports = productOnFreePorts()

const READY = 'Press Ctrl+C to stop.'
const ALL_BUILT = /^Everything built in \d+\.\d s/m
/** What a line that reports a failure or a warning says (ours, a tool's, npm's or Node's). */
const ALARM = /fail|error|warn|deprecat|✗|ERR!|exception|cannot|could not|unable/i
/** The site's phases, before the addresses. */
const SITE_PHASES = ['Content Lake', 'Supabase', 'Content', 'Site', 'Servers']
/** The background's, after them. */
const BACKGROUND_PHASES = ['Types', 'Draft preview', 'Studio']
const phaseNames = (lines: string[]) =>
  lines.filter((line) => line.startsWith('  ✓ ')).map((line) => line.slice(4, 18).trim())

it('starts on a fresh data folder with one line per phase, its addresses, the background’s lines, and no failure or warning', async () => {
  const start = startCopyScript(copy.root, 'start', await ports)
  let stopped = false
  void start.exited.then(() => (stopped = true))
  try {
    for (let waited = 0; !ALL_BUILT.test(start.output()) && !stopped; waited += 250) {
      if (waited > 600_000) throw new Error(`npm start was not ready:\n${start.output()}`)
      await sleep(250)
    }
  } finally {
    await start.stop()
  }
  const lines = start.output().split('\n')
  expect(start.output(), 'npm start stopped before everything was built').toMatch(ALL_BUILT)
  expect(lines.filter((line) => ALARM.test(line))).toEqual([])
  const table = lines.findIndex((line) => line.startsWith('  Studio '))
  const ready = lines.findIndex((line) => line.includes(READY))
  expect(ready).toBeGreaterThan(table)
  expect(phaseNames(lines.slice(0, table))).toEqual(SITE_PHASES)
  expect(phaseNames(lines.slice(ready))).toEqual(BACKGROUND_PHASES)
  expect(lines.find((line) => /^ {2}✓ Content {2,}/.test(line))).toContain(
    'the lake was empty: seeded',
  )
  expect(lines.slice(0, table).filter((line) => line.trim()).length).toBeLessThanOrEqual(40)
}, 660_000)

it('stops at the Types phase when a schema file does not parse, showing the log’s last lines and path, after the site’s phases', async () => {
  const schemaFile = join(copy.root, 'schemas', 'documents', 'indicator.ts')
  writeFileSync(schemaFile, `${readFileSync(schemaFile, 'utf8')}\nexport const broken = ;\n`)
  const start = startCopyScript(copy.root, 'start', await ports)
  const exitCode = await start.exited
  const lines = start.output().split('\n')

  expect(exitCode).toBe(1)
  const failed = lines.findIndex((line) => /^ {2}✗ Types +failed after \d+\.\d s/.test(line))
  expect(failed, start.output()).toBeGreaterThan(-1)
  expect(lines.slice(0, failed).filter((line) => line.includes('✗'))).toEqual([])
  expect(phaseNames(lines.slice(0, failed))).toEqual(SITE_PHASES)
  expect(lines.findIndex((line) => line.includes(READY))).toBeLessThan(failed)
  expect(lines[failed + 1]).toBe('    The last lines of .data/logs/types.log:')
  const shown = lines.slice(failed + 2).filter((line) => line.startsWith('    │ '))
  expect(shown.length).toBeGreaterThan(0)
  expect(shown.length).toBeLessThanOrEqual(15)
  expect(shown.join('\n')).toContain('indicator.ts')
  expect(readFileSync(join(copy.root, '.data', 'logs', 'types.log'), 'utf8')).toContain(
    shown.at(-1)?.slice('    │ '.length),
  )
  expect(start.output()).not.toMatch(ALL_BUILT)
  // What it started stopped with it: the edge (a process of its own), the site and the Studio free their ports.
  const {EDGE_PORT, SITE_PORT, STUDIO_PORT} = await ports
  for (const port of [EDGE_PORT, SITE_PORT, STUDIO_PORT])
    expect(await acceptsConnections('127.0.0.1', Number(port)), `port ${port}`).toBe(false)
}, 300_000)
