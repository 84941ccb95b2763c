// The edge's settings (EDGE_*, and each vendor's purge credentials; this machine's in .env.example): which edge is
// in front of the site (its tag header, and where purges go), and where the local edge (Varnish) listens.
import {resolve} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {portSetting, urlSetting, type Env} from '@quantedge/server-kit/settings'
import {EDGE_VENDORS, isEdgeVendor, type EdgeVendor} from './vendors.ts'

/** The edge in front of the site, or none (EDGE_VENDOR empty): the origins answer visitors themselves. */
export function edgeVendorSetting(env: Env = process.env): EdgeVendor | undefined {
  const value = env.EDGE_VENDOR || ''
  if (value === '') return undefined
  if (!isEdgeVendor(value))
    throw new Error(`EDGE_VENDOR "${value}" is none of ${EDGE_VENDORS.join(', ')} (or empty)`)
  return value
}

function required(name: string, vendor: EdgeVendor, env: Env) {
  const value = env[name]
  if (!value) throw new Error(`${name} is not set: the ${vendor} edge's purges need it`)
  return value
}

/** Where and how the publish hook purges the chosen edge. */
export type PurgeTarget =
  | {vendor: 'varnish'; url: string; token: string}
  | {vendor: 'fastly'; serviceId: string; token: string; apiUrl: string}
  | {vendor: 'cloudflare'; zoneId: string; token: string; apiUrl: string}
  | {vendor: 'netlify'; siteId: string; token: string; apiUrl: string}

export function readPurgeTarget(env: Env = process.env): PurgeTarget | undefined {
  const vendor = edgeVendorSetting(env)
  switch (vendor) {
    case undefined:
      return undefined
    case 'varnish':
      return {
        vendor,
        url: urlSetting('EDGE_PURGE_URL', 'http://127.0.0.1:8081', env),
        token: required('EDGE_PURGE_TOKEN', vendor, env),
      }
    case 'fastly':
      return {
        vendor,
        serviceId: required('FASTLY_SERVICE_ID', vendor, env),
        token: required('FASTLY_API_TOKEN', vendor, env),
        apiUrl: urlSetting('FASTLY_API_URL', 'https://api.fastly.com', env),
      }
    case 'cloudflare':
      return {
        vendor,
        zoneId: required('CLOUDFLARE_ZONE_ID', vendor, env),
        token: required('CLOUDFLARE_API_TOKEN', vendor, env),
        apiUrl: urlSetting('CLOUDFLARE_API_URL', 'https://api.cloudflare.com', env),
      }
    case 'netlify':
      return {
        vendor,
        siteId: required('NETLIFY_SITE_ID', vendor, env),
        token: required('NETLIFY_API_TOKEN', vendor, env),
        apiUrl: urlSetting('NETLIFY_API_URL', 'https://api.netlify.com', env),
      }
  }
}

/** The local edge, Varnish, as `npm start` runs it. */
export function readLocalEdgeEnv(env: Env = process.env) {
  const token = env.EDGE_PURGE_TOKEN || ''
  if (!/^[A-Za-z0-9._~-]{16,}$/.test(token))
    throw new Error(
      'EDGE_PURGE_TOKEN must be 16 or more letters, digits or ._~- (the local edge writes it into its VCL)',
    )
  return {
    port: portSetting('EDGE_PORT', 8080, env),
    purgePort: portSetting('EDGE_PURGE_PORT', 8081, env),
    purgeToken: token,
    workDir: resolve(repositoryRoot, env.EDGE_DATA_DIR || '.data/edge'),
  }
}
