// A kept site build is used again while the files its fingerprint reads (SITE_SOURCES) are unchanged, so those
// must be every file of the content model the site runs: followed here import by import, with TypeScript's parser,
// from each fingerprinted file. Type-only imports hold nothing at run time (the generated types), and are skipped.
import {readFileSync} from 'node:fs'
import {dirname, join, relative, resolve} from 'node:path'
import {inputFiles} from '@quantedge/server-kit/fingerprint'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import ts from 'typescript'
import {expect, it} from 'vitest'
import {SITE_SOURCES} from './prerender.ts'

const SCHEMAS = join(repositoryRoot, 'schemas')
const schemaExports = (
  JSON.parse(readFileSync(join(SCHEMAS, 'package.json'), 'utf8')) as {
    exports: Record<string, string>
  }
).exports

/** The specifiers `file` imports at run time (not `import type`, nor imports whose every name is a type). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const named = clause?.namedBindings
      const onlyTypes =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          named !== undefined &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((element) => element.isTypeOnly))
      if (!onlyTypes) found.push(node.moduleSpecifier.text)
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The content model's file that `specifier`, imported by `file`, names; undefined for anything else. */
function schemaFile(file: string, specifier: string): string | undefined {
  if (specifier === '@quantedge/schemas' || specifier.startsWith('@quantedge/schemas/')) {
    const subpath = `.${specifier.slice('@quantedge/schemas'.length)}`
    const target = schemaExports[subpath]
    if (!target) throw new Error(`${relative(repositoryRoot, file)}: ${specifier} is not exported`)
    return resolve(SCHEMAS, target)
  }
  if (!specifier.startsWith('.')) return undefined
  const target = resolve(dirname(file), specifier)
  return target.startsWith(`${SCHEMAS}/`) ? target : undefined
}

it('fingerprints every file of the content model the site imports at run time', () => {
  const fingerprinted = new Set(inputFiles(SITE_SOURCES))
  const code = [...fingerprinted].filter((file) => /\.tsx?$/.test(file))
  expect(code.some((file) => file.endsWith('web/app/root.tsx'))).toBe(true)
  const read = code.flatMap((file) =>
    runtimeImports(file).flatMap((specifier) => {
      const target = schemaFile(file, specifier)
      return target ? [{by: relative(repositoryRoot, file), reads: target}] : []
    }),
  )
  // The site reads the page list and the price formats; a test that found none would show nothing.
  expect(read.map(({reads}) => relative(repositoryRoot, reads))).toEqual(
    expect.arrayContaining(['schemas/pages.ts', 'schemas/price.ts']),
  )
  const unfingerprinted = read
    .filter(({reads}) => !fingerprinted.has(reads))
    .map(({by, reads}) => `${by} reads ${relative(repositoryRoot, reads)}`)
  expect(unfingerprinted).toEqual([])
})
