// The purge for the edge the settings name (settings.ts): one adapter per vendor, in purge/.
import {cloudflarePurge} from './purge/cloudflare.ts'
import {fastlyPurge} from './purge/fastly.ts'
import {netlifyPurge} from './purge/netlify.ts'
import type {Purge} from './purge/purge.ts'
import {varnishPurge} from './purge/varnish.ts'
import {readPurgeTarget, type PurgeTarget} from './settings.ts'
import type {EdgeVendor} from './vendors.ts'

export {PurgeFailed, type Purge} from './purge/purge.ts'

export function edgePurge(target: PurgeTarget): Purge {
  switch (target.vendor) {
    case 'varnish':
      return varnishPurge(target)
    case 'fastly':
      return fastlyPurge(target)
    case 'cloudflare':
      return cloudflarePurge(target)
    case 'netlify':
      return netlifyPurge(target)
  }
}

/** The edge the settings name (EDGE_VENDOR and its credentials), with its purge; none when EDGE_VENDOR is empty. */
export function configuredEdge(
  env: Record<string, string | undefined> = process.env,
): {vendor: EdgeVendor; purge: Purge} | undefined {
  const target = readPurgeTarget(env)
  return target ? {vendor: target.vendor, purge: edgePurge(target)} : undefined
}
