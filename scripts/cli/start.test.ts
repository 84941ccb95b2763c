// A phase that fails stops `npm start` on one line that says so, with the last lines of the phase's log and the
// log's path, and a non-zero exit, leaving nothing running. Shown on a copy of the repository whose schema has a
// file that does not parse, started on free ports with the copy's own data.
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {productOnFreePorts, startCopyScript} from '@quantedge/test-support/copyScripts'
import {copyRepository} from '@quantedge/test-support/repositoryCopy'
import {expect, it} from 'vitest'

it('stops at the Types phase when a schema file does not parse, showing the log’s last lines and path', async () => {
  const copy = copyRepository('start-broken-schema')
  try {
    const schemaFile = join(copy.root, 'schemas', 'documents', 'indicator.ts')
    writeFileSync(schemaFile, `${readFileSync(schemaFile, 'utf8')}\nexport const broken = ;\n`)
    const start = startCopyScript(copy.root, 'start', await productOnFreePorts())
    const exitCode = await start.exited
    const lines = start.output().split('\n')

    expect(exitCode).toBe(1)
    const failed = lines.findIndex((line) => /^ {2}✗ Types +failed after \d+\.\d s/.test(line))
    expect(failed, start.output()).toBeGreaterThan(-1)
    expect(lines.slice(0, failed).filter((line) => line.includes('✗'))).toEqual([])
    expect(lines[failed + 1]).toBe('    The last lines of .data/logs/types.log:')
    const shown = lines.slice(failed + 2).filter((line) => line.startsWith('    │ '))
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThanOrEqual(15)
    expect(shown.join('\n')).toContain('indicator.ts')
    expect(readFileSync(join(copy.root, '.data', 'logs', 'types.log'), 'utf8')).toContain(
      shown.at(-1)?.slice('    │ '.length),
    )
    expect(start.output()).not.toContain('Press Ctrl+C to stop.')
  } finally {
    copy.remove()
  }
}, 180_000)
