// Where the site server listens (SITE_PORT, SITE_HOST; defaults in .env.example).
import {portSetting, type Env} from '@quantedge/server-kit/settings'

export const readSiteServerEnv = (env: Env = process.env) => ({
  port: portSetting('SITE_PORT', 3000, env),
  host: env.SITE_HOST || '127.0.0.1',
})
