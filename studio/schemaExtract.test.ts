import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {defineField, defineType} from 'sanity'
import {afterAll, expect, it} from 'vitest'
import {schemaTypes} from '@quantedge/schemas'
import {extractSchemaJson} from './schemaExtract.ts'

const folder = mkdtempSync(join(tmpdir(), 'schema-extract-'))
afterAll(() => rmSync(folder, {recursive: true, force: true}))

it("writes the site's schema with required fields enforced, as `sanity schema extract` does", () => {
  const outputPath = join(folder, 'schema.json')
  const extracted = extractSchemaJson({types: schemaTypes, outputPath})
  expect(JSON.parse(readFileSync(outputPath, 'utf8'))).toEqual(extracted)
  const indicator = extracted.find(({name}) => name === 'indicator')
  // A required field is not optional in the extracted schema, so its generated type is not `| undefined`.
  expect(indicator).toMatchObject({
    type: 'document',
    attributes: {price: {type: 'objectAttribute', value: {type: 'number'}, optional: false}},
  })
  expect(extracted.map(({name}) => name)).toContain('sanity.imageAsset')
})

it('refuses a schema with errors and names the type and field', () => {
  const broken = defineType({
    name: 'brokenPage',
    type: 'document',
    fields: [defineField({name: 'title', type: 'noSuchType'})],
  })
  expect(() =>
    extractSchemaJson({types: [broken], outputPath: join(folder, 'broken.json')}),
  ).toThrow(/The schema has errors:\n {2}brokenPage › fields › .*: Unknown type: noSuchType/)
})
