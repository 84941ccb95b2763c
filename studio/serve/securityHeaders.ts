// The Studio's headers, declared once as `_headers` beside the built Studio (the format of Netlify and Cloudflare
// Pages; server.ts applies it here): a Content Security Policy that Sanity Studio runs under, framed by no one but
// itself, and the headers every answer of ours gets (server-kit's securityHeaders.ts). Scripts: its own files, its one inline script by hash, and
// Sanity's bridge (core.sanity-cdn.com, which its page loads); no eval. Styles: 'unsafe-inline', since the Studio's
// components (styled-components) insert their `<style>` elements at run time. It talks to its Content Lake (the
// embedded lake's addresses, `<project>.localhost` on its ports, its stream ports and websockets; or Sanity's API),
// shows the lake's images and files, frames the draft preview (the Presentation tool), and registers its service
// worker (lakeRoute/worker.ts).
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {CSP_REPORT_PATH} from '@quantedge/server-kit/cspReports'
import {formatHeadersFile} from '@quantedge/server-kit/headersFile'
import {inlineHashes, REPORT_GROUP, SECURITY_HEADERS} from '@quantedge/server-kit/securityHeaders'

type Env = Record<string, string | undefined>

/** Sanity's hosted API and CDN, for a Studio built for a Sanity project. */
const SANITY_HOSTS = {
  connect: ['https://*.api.sanity.io', 'wss://*.api.sanity.io'],
  assets: ['https://cdn.sanity.io'],
}
/**
 * What every Studio calls of Sanity's, whatever lake it edits: its bridge script, the check for a newer Studio
 * (sanity-cdn.com) and the feedback intake (api.sanity.io). Offline they do not answer, and the Studio carries on.
 */
const SANITY_BRIDGE = 'https://core.sanity-cdn.com'
const SANITY_SERVICES = [SANITY_BRIDGE, 'https://sanity-cdn.com', 'https://api.sanity.io']
/** The Studio's typeface (Inter), from Sanity's static hosts; the system's font stands in while offline. */
const SANITY_FONTS = ['https://studio-static.sanity.io', 'https://design-system-static.sanity.io']

/**
 * An address as the Studio may call it: itself, under `<project>.localhost`, as a websocket, and by IP address
 * (lakeRoute/worker.ts sends the page's requests to the lake's plain ports at 127.0.0.1).
 */
function lakeOrigins(address: string) {
  const url = new URL(address)
  const port = url.port ? `:${url.port}` : ''
  const socket = url.protocol === 'https:' ? 'wss:' : 'ws:'
  const hosts =
    url.hostname === 'localhost' ? ['localhost', '*.localhost', '127.0.0.1'] : [url.hostname]
  return hosts.flatMap((host) => [`${url.protocol}//${host}${port}`, `${socket}//${host}${port}`])
}

/** The Studio's policy for the page in `indexHtml`, built with `env` (its SANITY_STUDIO_* settings). */
export function studioContentSecurityPolicy(indexHtml: string, env: Env) {
  const embedded = Boolean(env.SANITY_STUDIO_LAKE_PLAIN_URL)
  const lake = embedded
    ? [
        env.SANITY_STUDIO_API_HOST ?? '',
        env.SANITY_STUDIO_LAKE_PLAIN_URL ?? '',
        ...(env.SANITY_STUDIO_LAKE_STREAM_URLS ?? '').split(','),
      ]
        .filter(Boolean)
        .flatMap(lakeOrigins)
    : [
        ...SANITY_HOSTS.connect,
        ...(env.SANITY_STUDIO_API_HOST ? lakeOrigins(env.SANITY_STUDIO_API_HOST) : []),
      ]
  const assets = embedded ? lake.filter((origin) => origin.startsWith('http')) : SANITY_HOSTS.assets
  const preview = env.SANITY_STUDIO_PREVIEW_URL ? new URL(env.SANITY_STUDIO_PREVIEW_URL).origin : ''
  const list = (...items: string[]) => [...new Set(items.filter(Boolean))].join(' ')
  return [
    ['default-src', "'none'"],
    ['script-src', list("'self'", ...inlineHashes(indexHtml).scripts, SANITY_BRIDGE)],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', list("'self'", 'data:', 'blob:', ...assets)],
    ['media-src', list("'self'", 'blob:', ...assets)],
    ['font-src', list("'self'", 'data:', ...SANITY_FONTS)],
    ['connect-src', list("'self'", ...lake, ...SANITY_SERVICES)],
    ['frame-src', list(preview)],
    ['worker-src', "'self' blob:"],
    ['manifest-src', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
    ['report-uri', CSP_REPORT_PATH],
    ['report-to', REPORT_GROUP],
  ]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')
}

/** Writes `_headers` into the built Studio in `outDir`. */
export function writeStudioHeaders(outDir: string, env: Env) {
  const policy = studioContentSecurityPolicy(readFileSync(join(outDir, 'index.html'), 'utf8'), env)
  const headers = {
    ...SECURITY_HEADERS,
    // Signing in to a hosted project may open Sanity's login in a window of its own.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Content-Security-Policy': policy,
  }
  writeFileSync(
    join(outDir, '_headers'),
    formatHeadersFile(
      [{path: '/*', headers}],
      "Written by the Studio's build (studio/serve/securityHeaders.ts): every answer's headers.",
    ),
  )
}
