// Where the Studio is served on this machine (STUDIO_PORT; default in .env.example).
import {portSetting, type Env} from '@quantedge/server-kit/settings'

export const readStudioServerEnv = (env: Env = process.env) => ({
  port: portSetting('STUDIO_PORT', 3333, env),
})
