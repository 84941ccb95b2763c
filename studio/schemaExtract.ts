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

/**
 * What went wrong, in a few lines: a schema file that does not parse is named with its line and the code there
 * (the stack's head, as Node prints it), without the loader's frames after it.
 */
const described = (error: unknown) =>
  error instanceof SyntaxError && error.stack
    ? (error.stack.split('\n    at ')[0] ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error)

if (import.meta.main) {
  try {
    // Loaded here, not at the top, so that a schema file that does not parse is reported like any other problem.
    const {schemaTypes} = await import('@quantedge/schemas')
    extractSchemaJson({types: schemaTypes})
    console.log(`Extracted the schema to ${schemaJsonPath}`)
  } catch (error) {
    console.error(described(error))
    process.exit(1)
  }
}
