// The publish hook's settings (PUBLISH_HOOK_*; this machine's in .env.example): where it listens, the webhook
// secret it checks (required: your Sanity webhook's secret, or the embedded lake's), how long a burst may last
// before a full build and before a re-render, whether it follows the Live Content API beside webhooks, and the
// folder it keeps its releases in (its own, not the app's).
import {resolve} from 'node:path'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {portSetting, urlSetting, type Env} from '@quantedge/server-kit/settings'

export type PublishHookEnv = {
  port: number
  /** The address it listens on; 127.0.0.1 when unset (a container's hook listens on 0.0.0.0). */
  host?: string
  secret: string
  debounceMs: number
  renderDebounceMs: number
  followLive: boolean
  /** The hook's own folder for the releases it builds and switches between. */
  releasesDir: string
  /** The other origins' site servers behind the same edge (each with its own hook): the last to switch purges. */
  peerSites: string[]
}

function millisecondsSetting(name: string, fallback: number, env: Env) {
  const value = Number(env[name] || fallback)
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} "${env[name]}" is not a number of milliseconds`)
  return value
}

function switchSetting(name: string, fallback: boolean, env: Env) {
  const value = env[name] || String(fallback)
  if (value !== 'true' && value !== 'false')
    throw new Error(`${name} "${value}" is not true or false`)
  return value === 'true'
}

function requiredSecret(env: Env) {
  const secret = env.PUBLISH_HOOK_SECRET
  if (!secret) {
    throw new Error(
      "PUBLISH_HOOK_SECRET is not set: your Sanity webhook's secret, or the embedded lake's from .env.example",
    )
  }
  return secret
}

export function readPublishHookEnv(env: Env = process.env): PublishHookEnv {
  return {
    port: portSetting('PUBLISH_HOOK_PORT', 3002, env),
    host: env.PUBLISH_HOOK_HOST || '127.0.0.1',
    secret: requiredSecret(env),
    debounceMs: millisecondsSetting('PUBLISH_HOOK_DEBOUNCE_MS', 1000, env),
    renderDebounceMs: millisecondsSetting('PUBLISH_HOOK_RENDER_DEBOUNCE_MS', 30, env),
    followLive: switchSetting('PUBLISH_HOOK_FOLLOW_LIVE', true, env),
    releasesDir: resolve(repositoryRoot, env.PUBLISH_HOOK_RELEASES_DIR || '.data/releases'),
    peerSites: (env.PUBLISH_HOOK_PEER_SITES || '')
      .split(',')
      .map((site) => site.trim())
      .filter(Boolean)
      .map((site) => urlSetting('PUBLISH_HOOK_PEER_SITES', site, {})),
  }
}
