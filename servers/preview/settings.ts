// The draft-preview server's settings (PREVIEW_PORT, PREVIEW_HOST, PREVIEW_PUBLIC_SITE_URL; defaults in
// .env.example).
import {portSetting, urlSetting, type Env} from '@quantedge/server-kit/settings'

export const readPreviewEnv = (env: Env = process.env) => ({
  port: portSetting('PREVIEW_PORT', 3001, env),
  /** The address it listens on (a container's listens on 0.0.0.0). */
  host: env.PREVIEW_HOST || '127.0.0.1',
  /** Where "Exit preview" leads: the public site. */
  publicSiteUrl: urlSetting('PREVIEW_PUBLIC_SITE_URL', 'http://localhost:3000', env),
})
