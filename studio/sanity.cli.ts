import {defineCliConfig} from 'sanity/cli'
import {studioDataset, studioProjectId} from './environment.ts'

export default defineCliConfig({
  api: {projectId: studioProjectId, dataset: studioDataset},
  typegen: {
    // Every defineQuery (the content-access package's queries, and any in the web app); the result types land
    // beside the schema's own types.
    path: ['../packages/content-access/**/*.ts', '../web/app/**/*.{ts,tsx}'],
    schema: '../schemas/generated/schema.json',
    generates: '../schemas/generated/sanity.types.ts',
    overloadClientMethods: true,
  },
})
