// Where the content comes from: read and checked here, and nowhere else. What is unset takes Sanity's own
// defaults (its API host, no token); the values that point at this machine's embedded lake are settings like
// any other, which `.env.example` holds and the npm scripts read. Switching to a Sanity project is configuration
// only (see docs/sanity-project.md and .env.example).

export {SANITY_API_VERSION} from '@quantedge/schemas/apiVersion'

export type ContentEnv = {
  projectId: string
  dataset: string
  /** The Content Lake's address; empty means Sanity's own API at https://<projectId>.api.sanity.io. */
  apiHost: string
  /** The server-side token for drafts; empty reads without one. */
  readToken: string
  /** The token for writes (the seed, editor tools); empty writes without one, which a lake refuses. */
  writeToken: string
  /** The Studio's address, which visual editing in the preview links back to. */
  studioUrl: string
}

type Env = Record<string, string | undefined>

export function readContentEnv(env: Env = process.env): ContentEnv {
  const projectId = env.SANITY_PROJECT_ID
  const dataset = env.SANITY_DATASET || 'production'
  if (!projectId) {
    throw new Error(
      'SANITY_PROJECT_ID is not set: name a Sanity project, or copy the embedded lake’s settings from .env.example',
    )
  }
  if (!/^[a-z0-9-]+$/.test(projectId)) {
    throw new Error(
      `SANITY_PROJECT_ID "${projectId}" is not a Sanity project id (lowercase letters, digits, -)`,
    )
  }
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(dataset)) {
    throw new Error(
      `SANITY_DATASET "${dataset}" is not a dataset name (lowercase letters, digits, _ and -)`,
    )
  }
  const apiHost = env.SANITY_API_HOST ?? ''
  if (apiHost !== '' && !URL.canParse(apiHost)) {
    throw new Error(
      `SANITY_API_HOST "${apiHost}" is not a URL (leave it empty to use Sanity's API)`,
    )
  }
  return {
    projectId,
    dataset,
    apiHost,
    readToken: env.SANITY_API_READ_TOKEN ?? '',
    writeToken: env.SANITY_API_WRITE_TOKEN ?? '',
    studioUrl: env.SANITY_STUDIO_URL || 'http://localhost:3333',
  }
}

/**
 * Where the content's uploaded images and files are served from, for the pages' Content Security Policy: Sanity's
 * CDN, or the lake's own address.
 */
export const assetOrigin = (env: ContentEnv) =>
  env.apiHost ? new URL(env.apiHost).origin : 'https://cdn.sanity.io'

/** The document types whose published changes rebuild the site. */
export const SITE_DOCUMENT_TYPES = [
  'siteSettings',
  'homePage',
  'sitePage',
  'indicator',
  'toolkitModule',
  'automationService',
  'plan',
  'legalPage',
  'landingPage',
  'redirect',
] as const

/** The lake's address as the settings name it, for a message that says which setting to change. */
export const lakeAddressSetting = (env: ContentEnv) =>
  env.apiHost
    ? `SANITY_API_HOST "${env.apiHost}"`
    : `SANITY_PROJECT_ID "${env.projectId}" (Sanity's API, https://${env.projectId}.api.sanity.io)`

/** Where content is read and written, in words for a person. */
export const describeContentLake = (env: ContentEnv) =>
  `${env.apiHost || `Sanity project ${env.projectId}`} (dataset ${env.dataset})`
