// The embedded Content Lake's settings, read from its own variables (CONTENT_LAKE_*, defaults in .env.example).
// Whoever starts the lake beside other servers (npm start) may override any of them.
import {resolve} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {portSetting, type Env} from '@quantedge/server-kit/settings'
import {DEFAULT_VARIANT_BYTES} from './images/imageVariants.ts'
import {DEFAULT_COMPACT_AFTER_BYTES} from './store/store.ts'
import type {WebhookConfig} from './events/webhooks.ts'

/** The token the embedded lake accepts by default. It guards only a lake on 127.0.0.1. */
export const EMBEDDED_LAKE_TOKEN = 'embedded-content-lake-dev-token'

/** The secret that signs the embedded lake's webhooks by default (the publish hook checks the same by default). */
export const EMBEDDED_WEBHOOK_SECRET = 'embedded-webhook-dev-secret'

export type LakeEnv = {
  port: number
  /** Where the lake also answers HTTP/2 over TLS, for a Studio whose browser trusts the local authority. */
  securePort: number
  /** More plain-HTTP ports a Studio without that trust spreads its event streams across. */
  streamPorts: number[]
  host: string
  dataDir: string
  /** The local certificate authority and the localhost certificate, created on first start. */
  certificateDir: string
  token: string
  webhooks: WebhookConfig[]
  /** Browser origins that may call the lake with credentials, as a Sanity project's CORS origins. */
  corsOrigins: string[]
  /** A dataset's journal is compacted into its snapshot once it is larger than the snapshot and this. */
  compactAfterBytes: number
  /** How many bytes of transformed images are kept on disk; the least recently asked for go first. */
  variantBytes: number
}

/** `protocol://hostname[:port]`, `*` allowed as a wildcard, as Sanity's CORS origins are written. */
const CORS_ORIGIN = /^https?:\/\/[a-z0-9.*-]+(:(\d+|\*))?$/i

/** The local Studio's, site's and draft preview's origins, on their default ports. */
const DEFAULT_CORS_ORIGINS = 'http://localhost:3333,http://localhost:3000,http://localhost:3001'

function corsOrigins(env: Env) {
  const origins = (env.CONTENT_LAKE_CORS_ORIGINS || DEFAULT_CORS_ORIGINS)
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  const wrong = origins.find((origin) => !CORS_ORIGIN.test(origin))
  if (wrong)
    throw new Error(
      `CONTENT_LAKE_CORS_ORIGINS: "${wrong}" is not an origin (protocol://hostname[:port])`,
    )
  return origins
}

/** The stream ports: comma-separated port numbers, each checked as CONTENT_LAKE_PORT is. */
function streamPorts(env: Env) {
  const value = env.CONTENT_LAKE_STREAM_PORTS || DEFAULT_STREAM_PORTS
  return value
    .split(',')
    .map((port) =>
      portSetting('CONTENT_LAKE_STREAM_PORTS', 0, {CONTENT_LAKE_STREAM_PORTS: port.trim()}),
    )
}

/** Four ports: room for four Studio tabs' seven event streams each within a browser's six connections a port. */
const DEFAULT_STREAM_PORTS = '4445,4446,4447,4448'

function byteCount(name: string, fallback: number, env: Env) {
  const value = env[name]
  if (!value) return fallback
  const bytes = Number(value)
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new Error(`${name}: "${value}" is not a number of bytes`)
  return bytes
}

export function readLakeEnv(env: Env = process.env): LakeEnv {
  const webhookUrl = env.CONTENT_LAKE_WEBHOOK_URL ?? 'http://127.0.0.1:3002/hooks/publish'
  return {
    port: portSetting('CONTENT_LAKE_PORT', 4444, env),
    securePort: portSetting('CONTENT_LAKE_SECURE_PORT', 4443, env),
    streamPorts: streamPorts(env),
    host: '127.0.0.1',
    dataDir: resolve(repositoryRoot, env.CONTENT_LAKE_DATA_DIR || '.data/content-lake'),
    certificateDir: resolve(repositoryRoot, env.CONTENT_LAKE_CERT_DIR || '.data/certificates'),
    token: env.CONTENT_LAKE_TOKEN || EMBEDDED_LAKE_TOKEN,
    webhooks: webhookUrl
      ? [
          {
            url: webhookUrl,
            secret: env.CONTENT_LAKE_WEBHOOK_SECRET || EMBEDDED_WEBHOOK_SECRET,
            // Every published document but Sanity's own (assets, preview secrets), as a project's webhook filter.
            filter: env.CONTENT_LAKE_WEBHOOK_FILTER || '!string::startsWith(_type, "sanity.")',
            projection: '{_id, _type, _rev}',
          },
        ]
      : [],
    corsOrigins: corsOrigins(env),
    compactAfterBytes: byteCount(
      'CONTENT_LAKE_COMPACT_AFTER_BYTES',
      DEFAULT_COMPACT_AFTER_BYTES,
      env,
    ),
    variantBytes: byteCount('CONTENT_LAKE_VARIANT_BYTES', DEFAULT_VARIANT_BYTES, env),
  }
}
