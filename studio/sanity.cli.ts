import {defineCliConfig} from 'sanity/cli'
import {studioDataset, studioProjectId} from './environment.ts'
import {typegenConfig} from './typegenConfig.ts'

export default defineCliConfig({
  api: {projectId: studioProjectId, dataset: studioDataset},
  typegen: typegenConfig,
})
