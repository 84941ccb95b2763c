// Where the site server listens (SITE_PORT, SITE_HOST), and the proxies in front of it that may name a visitor's
// address (SITE_TRUSTED_PROXIES, beside loopback); defaults in .env.example.
import {trustedProxies} from '@quantedge/server-kit/clientAddress'
import {portSetting, type Env} from '@quantedge/server-kit/settings'

export const readSiteServerEnv = (env: Env = process.env) => ({
  port: portSetting('SITE_PORT', 3000, env),
  host: env.SITE_HOST || '127.0.0.1',
  trusted: trustedProxiesSetting(env),
})

function trustedProxiesSetting(env: Env) {
  const entries = (env.SITE_TRUSTED_PROXIES || '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  try {
    return trustedProxies(entries)
  } catch (error) {
    throw new Error(
      `SITE_TRUSTED_PROXIES: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}
