// TypeGen's settings, for `sanity typegen generate` (sanity.cli.ts) and for `npm run typegen` (typegen.ts).
export const typegenConfig = {
  // Every defineQuery (the content-access package's queries, and any in the web app); the result types land
  // beside the schema's own types.
  path: ['../packages/content-access/**/*.ts', '../web/app/**/*.{ts,tsx}'],
  schema: '../schemas/generated/schema.json',
  generates: '../schemas/generated/sanity.types.ts',
  overloadClientMethods: true,
  // Written in the repository's Prettier style, as `sanity typegen generate` writes it.
  formatGeneratedCode: true,
}
