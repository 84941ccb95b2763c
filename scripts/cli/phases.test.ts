// A phase prints one line with what it did; its output, from the commands it runs and from console, goes to its
// log; a failed phase shows its log's last lines and path and stops the command.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {getPriority, tmpdir} from 'node:os'
import {setImmediate} from 'node:timers/promises'
import {join} from 'node:path'
import {run} from '@quantedge/server-kit/run'
import {afterEach, expect, it} from 'vitest'
import {PhaseFailed, phases, type PhaseOptions} from './phases.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true})
})

function phasesInTemporaryFolder(options: Pick<PhaseOptions, 'startAfter' | 'background'> = {}) {
  const logsDir = mkdtempSync(join(tmpdir(), 'phases-'))
  folders.push(logsDir)
  const printed: string[] = []
  const print = {
    log: (line: string) => printed.push(line),
    error: (line: string) => printed.push(line),
  }
  return {logsDir, printed, phase: phases({logsDir, verbose: false, print, ...options})}
}

/** A command that prints the CPU priority (niceness) it runs at. */
const printNiceness = () =>
  run(process.execPath, ['-e', 'console.log(require("node:os").getPriority())'])

it('prints one line for a phase and keeps what it and its commands wrote in the phase’s log', async () => {
  const {logsDir, printed, phase} = phasesInTemporaryFolder()
  const value = await phase('Draft preview', async () => {
    console.log('building the preview')
    await run(process.execPath, ['-e', 'console.log("a line from the build")'])
    return {value: 42, did: 'built'}
  })
  expect(value).toBe(42)
  expect(printed).toEqual([expect.stringMatching(/^ {2}✓ Draft preview +built +\d+\.\d s$/)])
  expect(readFileSync(join(logsDir, 'draft-preview.log'), 'utf8')).toBe(
    'building the preview\na line from the build\n',
  )
})

it('reports a failed phase on its line with the last lines of its log, and stops with PhaseFailed', async () => {
  const {printed, phase} = phasesInTemporaryFolder()
  const failing = phase('Site', async () => {
    for (let line = 1; line <= 20; line += 1) console.log(`step ${line}`)
    await run(process.execPath, ['-e', 'console.error("Error: the route broke"); process.exit(3)'])
    return {value: undefined, did: 'never'}
  })
  await expect(failing).rejects.toBeInstanceOf(PhaseFailed)
  expect(printed[0]).toMatch(/^ {2}✗ Site +failed after \d+\.\d s: .*exit code 3.*the route broke/)
  expect(printed[1]).toMatch(/The last lines of .*site\.log:$/)
  expect(printed.slice(2)).toHaveLength(15)
  expect(printed.at(-1)).toBe('    │ Error: the route broke')
  expect(printed).not.toContain('    │ step 1')
})

it('runs phases at once, each once what it needs is done, and prints their lines in the order they were named', async () => {
  const {printed, phase} = phasesInTemporaryFolder()
  const order: string[] = []
  let finishFirst = () => {}
  const first = phase('First', async () => {
    await new Promise<void>((resolve) => (finishFirst = resolve))
    order.push('first')
    return {value: 1, did: 'slow'}
  })
  const second = phase('Second', async () => {
    order.push('second')
    return {value: 2, did: 'quick'}
  })
  const third = phase(
    'Third',
    async () => {
      order.push('third')
      return {value: (await first) + (await second), did: 'after the first'}
    },
    {after: [first]},
  )
  expect(await second).toBe(2)
  expect(order).toEqual(['second'])
  expect(printed).toEqual([])
  finishFirst()
  expect(await third).toBe(3)
  expect(order).toEqual(['second', 'first', 'third'])
  await phase.allPrinted()
  expect(printed.map((line) => line.slice(4, 18).trim())).toEqual(['First', 'Second', 'Third'])
})

it('stops at the first failed phase in order: the phases named after it print nothing, and what needs it does not run', async () => {
  const {printed, phase} = phasesInTemporaryFolder()
  let dependentRan = false
  const quickAfter = phase('Quick', async () => ({value: 1, did: 'done'}))
  const failing = phase('Broken', async () => {
    throw new Error('the schema does not parse')
  })
  const laterFailing = phase('Later', async () => {
    throw new Error('a consequence')
  })
  const dependent = phase(
    'Dependent',
    async () => {
      dependentRan = true
      return {value: 2, did: 'never'}
    },
    {after: [failing]},
  )
  await expect(quickAfter).resolves.toBe(1)
  await expect(failing).rejects.toBeInstanceOf(PhaseFailed)
  await expect(laterFailing).rejects.toBeInstanceOf(PhaseFailed)
  await expect(dependent).rejects.toBeInstanceOf(PhaseFailed)
  await expect(phase.allPrinted()).rejects.toBeInstanceOf(PhaseFailed)
  expect(dependentRan).toBe(false)
  expect(printed).toEqual([
    expect.stringMatching(/^ {2}✓ Quick/),
    expect.stringMatching(/^ {2}✗ Broken +failed after \d+\.\d s: the schema does not parse$/),
  ])
})

it('runs a background phase’s commands at the lowest CPU priority, and the others’ as they are', async () => {
  const foreground = phasesInTemporaryFolder()
  const background = phasesInTemporaryFolder({background: true})
  const work = async () => {
    await printNiceness()
    return {value: undefined, did: 'done'}
  }
  await Promise.all([foreground.phase('Site', work), background.phase('Studio', work)])
  const ownNiceness = getPriority()
  expect(readFileSync(join(foreground.logsDir, 'site.log'), 'utf8')).toBe(`${ownNiceness}\n`)
  expect(readFileSync(join(background.logsDir, 'studio.log'), 'utf8')).toBe('19\n')
})

it('starts a set of phases, and prints their lines, once what they wait for has settled', async () => {
  let addressesPrinted = () => {}
  const {printed, phase} = phasesInTemporaryFolder({
    startAfter: new Promise<void>((resolve) => (addressesPrinted = resolve)),
  })
  let ran = false
  const types = phase('Types', async () => {
    ran = true
    return {value: 1, did: 'kept'}
  })
  await setImmediate()
  expect(ran).toBe(false)
  expect(printed).toEqual([])
  addressesPrinted()
  await expect(types).resolves.toBe(1)
  await phase.allPrinted()
  expect(printed).toEqual([expect.stringMatching(/^ {2}✓ Types +kept/)])
})
