// Runs an Edge Function of supabase/functions/<name>/ in this process, as Supabase's Edge Runtime runs its
// index.ts: the stand-in imports the function's core (handler.ts, which index.ts serves with Deno.serve) and
// hands it a Web Request and the function's environment. As on Supabase, SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY (and SUPABASE_ANON_KEY) are the project's own, whatever else is set.
import {existsSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {Env} from '@quantedge/server-kit/settings'
import type {FunctionCore} from '../../functions/_shared/functionCore.ts'
import {DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY} from '../keys.ts'

export const FUNCTIONS_DIR = resolve(import.meta.dirname, '..', '..', 'functions')

/** Names Supabase takes for a function (a folder name; `_shared` and the like are not functions). */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/

export type FunctionRunner = {
  /** Whether supabase/functions has a function of that name. */
  has: (name: string) => boolean
  /** The function's answer to `request` (its URL as the function sees it: the path from its name on). */
  invoke: (name: string, request: Request) => Promise<Response>
  /** Loads the function's code ahead of its first call, as a warm worker has it (a failure shows at the call). */
  warm: (name: string) => void
}

export function functionRunner(
  projectUrl: () => string,
  env: () => Env,
  functionsDir = FUNCTIONS_DIR,
): FunctionRunner {
  const cores = new Map<string, Promise<FunctionCore>>()
  const core = (name: string) => {
    let loaded = cores.get(name)
    if (!loaded) {
      loaded = import(pathToFileURL(join(functionsDir, name, 'handler.ts')).href).then(
        (module: {handle?: FunctionCore}) => {
          if (typeof module.handle !== 'function')
            throw new Error(`supabase/functions/${name}/handler.ts exports no handle(request, env)`)
          return module.handle
        },
      )
      cores.set(name, loaded)
    }
    return loaded
  }
  return {
    has: (name) => FUNCTION_NAME.test(name) && existsSync(join(functionsDir, name, 'handler.ts')),
    invoke: async (name, request) => {
      const settings: Env = {
        ...env(),
        SUPABASE_URL: projectUrl(),
        SUPABASE_ANON_KEY: DEMO_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      }
      return (await core(name))(request, (key) => settings[key])
    },
    warm: (name) => void core(name).catch(() => {}),
  }
}
