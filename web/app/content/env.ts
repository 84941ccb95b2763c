// Where the content comes from: read and checked here, and nowhere else. Defaults are the embedded lake.
// Switching to a Sanity project is configuration only (see README and .env.example).
import {resolve} from 'node:path'

export const SANITY_API_VERSION = '2025-02-19'

/** The token the embedded Content Lake accepts by default. It guards only a lake on 127.0.0.1. */
export const EMBEDDED_LAKE_TOKEN = 'embedded-content-lake-dev-token'

export type ContentEnv = {
  projectId: string
  dataset: string
  /** The Content Lake's address; empty means Sanity's own API at https://<projectId>.api.sanity.io. */
  apiHost: string
  readToken: string
  writeToken: string
  /** The Studio's address, which visual editing in the preview links back to. */
  studioUrl: string
}

type Env = Record<string, string | undefined>

export function readContentEnv(env: Env = process.env): ContentEnv {
  const projectId = env.SANITY_PROJECT_ID || 'embedded'
  const dataset = env.SANITY_DATASET || 'production'
  if (!/^[a-z0-9-]+$/.test(projectId)) {
    throw new Error(`SANITY_PROJECT_ID "${projectId}" is not a Sanity project id (lowercase letters, digits, -)`)
  }
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(dataset)) {
    throw new Error(`SANITY_DATASET "${dataset}" is not a dataset name (lowercase letters, digits, _ and -)`)
  }
  const apiHost = env.SANITY_API_HOST ?? 'http://127.0.0.1:4444'
  if (apiHost !== '' && !URL.canParse(apiHost)) {
    throw new Error(`SANITY_API_HOST "${apiHost}" is not a URL (leave it empty to use Sanity's API)`)
  }
  return {
    projectId,
    dataset,
    apiHost,
    readToken: env.SANITY_API_READ_TOKEN || env.CONTENT_LAKE_TOKEN || EMBEDDED_LAKE_TOKEN,
    writeToken: env.SANITY_API_WRITE_TOKEN || env.CONTENT_LAKE_TOKEN || EMBEDDED_LAKE_TOKEN,
    studioUrl: env.SANITY_STUDIO_URL || 'http://localhost:3333',
  }
}

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
] as const

/** The secret that signs the embedded lake's webhooks and that the publish hook checks by default. */
export const EMBEDDED_WEBHOOK_SECRET = 'embedded-webhook-dev-secret'

type WebhookSettings = {url: string; secret: string; filter: string; projection: string}

export type LakeEnv = {
  port: number
  /** Where the lake also answers HTTP/2 over TLS, for the Studio. */
  securePort: number
  host: string
  dataDir: string
  /** The local certificate authority and the localhost certificate, created on first start. */
  certificateDir: string
  token: string
  webhooks: WebhookSettings[]
  /** Browser origins that may call the lake with credentials, as a Sanity project's CORS origins. */
  corsOrigins: string[]
}

function port(name: string, fallback: number, env: Env) {
  const value = Number(env[name] || fallback)
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} "${env[name]}" is not a port number`)
  return value
}

/** The publish hook: where it listens, the webhook secret it checks, and how long it waits for a burst to end. */
export function readPublishHookEnv(env: Env = process.env) {
  return {
    port: port('PUBLISH_HOOK_PORT', 3002, env),
    secret: env.PUBLISH_HOOK_SECRET || EMBEDDED_WEBHOOK_SECRET,
    debounceMs: Number(env.PUBLISH_HOOK_DEBOUNCE_MS || 1000),
  }
}

/** The draft-preview server's port. */
export function readPreviewEnv(env: Env = process.env) {
  return {port: port('PREVIEW_PORT', 3001, env)}
}

/** `protocol://hostname[:port]`, `*` allowed as a wildcard, as Sanity's CORS origins are written. */
const CORS_ORIGIN = /^https?:\/\/[a-z0-9.*-]+(:(\d+|\*))?$/i

/** CONTENT_LAKE_CORS_ORIGINS, comma-separated; by default the Studio's, the site's and the preview's origins. */
function corsOrigins(env: Env) {
  const local = (name: string, fallback: number) => `http://localhost:${port(name, fallback, env)}`
  const configured = env.CONTENT_LAKE_CORS_ORIGINS
  const origins = configured
    ? configured.split(',').map((origin) => origin.trim()).filter(Boolean)
    : [local('STUDIO_PORT', 3333), local('SITE_PORT', 3000), local('PREVIEW_PORT', 3001)]
  const wrong = origins.find((origin) => !CORS_ORIGIN.test(origin))
  if (wrong) throw new Error(`CONTENT_LAKE_CORS_ORIGINS: "${wrong}" is not an origin (protocol://hostname[:port])`)
  return origins
}

/** Where the embedded Content Lake listens and keeps its data (used by the lake and the scripts that start it). */
export function readLakeEnv(env: Env = process.env): LakeEnv {
  const repositoryRoot = resolve(import.meta.dirname, '../../..')
  const webhookUrl = env.CONTENT_LAKE_WEBHOOK_URL ?? `http://127.0.0.1:${readPublishHookEnv(env).port}/hooks/publish`
  return {
    port: port('CONTENT_LAKE_PORT', 4444, env),
    securePort: port('CONTENT_LAKE_SECURE_PORT', 4443, env),
    host: '127.0.0.1',
    dataDir: resolve(repositoryRoot, env.CONTENT_LAKE_DATA_DIR || '.data/content-lake'),
    certificateDir: resolve(repositoryRoot, env.CONTENT_LAKE_CERT_DIR || '.data/certificates'),
    token: env.CONTENT_LAKE_TOKEN || EMBEDDED_LAKE_TOKEN,
    webhooks: webhookUrl
      ? [
          {
            url: webhookUrl,
            secret: env.CONTENT_LAKE_WEBHOOK_SECRET || EMBEDDED_WEBHOOK_SECRET,
            filter: `_type in ${JSON.stringify(SITE_DOCUMENT_TYPES)}`,
            projection: '{_id, _type, _rev}',
          },
        ]
      : [],
    corsOrigins: corsOrigins(env),
  }
}

/** Where content is read and written, in words for a person. */
export const describeContentLake = (env: ContentEnv) =>
  `${env.apiHost || `Sanity project ${env.projectId}`} (dataset ${env.dataset})`
