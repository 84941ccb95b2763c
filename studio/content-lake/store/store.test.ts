// The dataset files are read when the lake starts: a file Sanity would not accept stops the start with the
// file, the line and the reason, rather than failing requests later (or, for a document nested thousands of
// levels deep, every query that reads it).
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {startTestLake, testLakeClient} from '../testing/testLake.ts'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, {recursive: true, force: true})
})

function dataFolderWith(lines: string[]) {
  const folder = mkdtempSync(join(tmpdir(), 'content-lake-store-'))
  folders.push(folder)
  writeFileSync(join(folder, 'production.ndjson'), `${lines.join('\n')}\n`)
  return folder
}

const stored = (id: string, fields: string) =>
  `{"_id":"${id}","_type":"doc","_rev":"r","_createdAt":"","_updatedAt":""${fields}}`

describe('dataset files', () => {
  it('refuses to start on a document nested deeper than Sanity allows, naming its file and line', async () => {
    const deep = `${'{"a":'.repeat(4300)}1${'}'.repeat(4300)}`
    const folder = dataFolderWith([stored('flat', ''), stored('deep', `,"body":${deep}`)])
    await expect(startTestLake(folder)).rejects.toThrow(
      /production\.ndjson:2: document "deep" nests deeper than 20 levels/,
    )
  })

  it('refuses to start on a line that is not JSON', async () => {
    const folder = dataFolderWith([stored('flat', ''), '{"_id": "cut off'])
    await expect(startTestLake(folder)).rejects.toThrow(
      /production\.ndjson:2 is not a JSON document/,
    )
  })

  it('reads a sound file and answers from it', async () => {
    const lake = await startTestLake(dataFolderWith([stored('flat', ',"title":"Straddle"')]))
    expect(await testLakeClient(lake.url).fetch('*[_id == "flat"][0].title')).toBe('Straddle')
    await lake.close()
  })
})
