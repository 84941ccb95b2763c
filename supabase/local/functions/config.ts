// Per-function settings of supabase/config.toml as the Supabase CLI reads them ([functions.<name>]): whether
// the gateway verifies a JWT before the function runs (verify_jwt, true unless set to false).
import {readFileSync} from 'node:fs'
import {parse} from 'smol-toml'
import {CONFIG_FILE} from '../config.ts'

export type FunctionsConfig = {verifyJwt: (name: string) => boolean}

export function readFunctionsConfig(configFile = CONFIG_FILE): FunctionsConfig {
  const {functions} = parse(readFileSync(configFile, 'utf8')) as {
    functions?: Record<string, {verify_jwt?: unknown}>
  }
  return {verifyJwt: (name) => functions?.[name]?.verify_jwt !== false}
}
