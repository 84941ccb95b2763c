// The publish hook's settings (PUBLISH_HOOK_*; defaults in .env.example): where it listens, the webhook
// secret it checks (by default the one the embedded lake signs with), and how long a burst may last.
import {EMBEDDED_WEBHOOK_SECRET} from '@quantedge/content-lake/settings'
import {portSetting, type Env} from '@quantedge/server-kit/settings'

export type PublishHookEnv = {port: number; secret: string; debounceMs: number}

export function readPublishHookEnv(env: Env = process.env): PublishHookEnv {
  const debounceMs = Number(env.PUBLISH_HOOK_DEBOUNCE_MS || 1000)
  if (!Number.isInteger(debounceMs) || debounceMs < 0)
    throw new Error(
      `PUBLISH_HOOK_DEBOUNCE_MS "${env.PUBLISH_HOOK_DEBOUNCE_MS}" is not a number of milliseconds`,
    )
  return {
    port: portSetting('PUBLISH_HOOK_PORT', 3002, env),
    secret: env.PUBLISH_HOOK_SECRET || EMBEDDED_WEBHOOK_SECRET,
    debounceMs,
  }
}
