// Group commit: lines are written at once and resolve in the order written once synced, across journals too.
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {JournalWriter} from './journalWriter.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true})
})

describe('a journal writer', () => {
  it('writes every line at once and resolves them in order, a new journal’s after the old one’s', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'content-lake-journal-'))
    folders.push(folder)
    const first = new JournalWriter(join(folder, 'a'))
    const resolved: string[] = []
    const appended = ['1', '2', '3'].map((line) =>
      first.append(Buffer.from(`${line}\n`)).then(() => resolved.push(line)),
    )
    expect(readFileSync(join(folder, 'a'), 'utf8')).toBe('1\n2\n3\n')
    const second = new JournalWriter(join(folder, 'b'), first.close())
    appended.push(second.append(Buffer.from('4\n')).then(() => resolved.push('4')))
    await Promise.all(appended)
    expect(resolved).toEqual(['1', '2', '3', '4'])
    await second.close()
  })
})
