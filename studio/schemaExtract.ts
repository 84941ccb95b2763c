// `schemas/generated/schema.json` for TypeGen: what `sanity schema extract --enforce-required-fields` writes, from
// the function that command runs (extractSchema of @sanity/schema, called in @sanity/cli-build's
// extractSanitySchema.worker.js on the workspace's schema), without loading the whole Studio config in a mocked
// browser first (10 s against 1.5 s here). The schema is compiled as the Studio compiles it (`createSchema`), and
// its problems stop the extraction with the type and field they are in, as the CLI's do.
import {mkdirSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {createSchema, type SchemaTypeDefinition} from 'sanity'
import {extractSchema} from '@sanity/schema/_internal'

export const schemaJsonPath = join(import.meta.dirname, '..', 'schemas', 'generated', 'schema.json')

export function extractSchemaJson({
  types,
  outputPath = schemaJsonPath,
}: {
  types: SchemaTypeDefinition[]
  outputPath?: string
}) {
  const schema = createSchema({name: 'default', types})
  const errors = (schema._validation ?? []).flatMap(({path, problems}) =>
    problems
      .filter(({severity}) => severity === 'error')
      .map(({message}) => `${path.map((step) => step.name ?? step.kind).join(' › ')}: ${message}`),
  )
  if (errors.length > 0) throw new Error(`The schema has errors:\n  ${errors.join('\n  ')}`)
  mkdirSync(dirname(outputPath), {recursive: true})
  const extracted = extractSchema(schema, {enforceRequiredFields: true})
  writeFileSync(outputPath, `${JSON.stringify(extracted, null, 2)}\n`)
  return extracted
}
