// `npm run typegen`: the schema extracted to `schemas/generated/schema.json` (schemaExtract.ts), then the types of
// the schema and of every query written to `schemas/generated/sanity.types.ts`, as `sanity typegen generate` writes
// them, by the function that command runs (runTypegenGenerate of @sanity/codegen, given the extracted schema), in
// this one process rather than a second that boots the Sanity CLI and reads the schema back (6 s against 11 s here).
import {runTypegenGenerate} from '@sanity/codegen'
import {extractSchemaJson, schemaJsonPath} from './schemaExtract.ts'
import {typegenConfig} from './typegenConfig.ts'

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

try {
  // Loaded here, not at the top, so that a schema file that does not parse is reported like any other problem.
  const {schemaTypes} = await import('@quantedge/schemas')
  const extractedSchema = extractSchemaJson({types: schemaTypes})
  console.log(`Extracted the schema to ${schemaJsonPath}`)
  const result = await runTypegenGenerate({
    config: typegenConfig,
    extractedSchema,
    workDir: import.meta.dirname,
  })
  console.log(
    `Generated ${result.schemaTypesCount} schema types and ${result.queriesCount} query types to ${typegenConfig.generates} in ${Math.round(result.duration)} ms`,
  )
  if (result.filesWithErrors > 0)
    throw new Error(`TypeGen could not read the queries in ${result.filesWithErrors} file(s)`)
} catch (error) {
  console.error(described(error))
  process.exit(1)
}
