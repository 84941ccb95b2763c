// Whether the configured Content Lake answers a server that is starting, said in one line that names the setting to
// fix: no lake at the address (SANITY_API_HOST, or Sanity's API for SANITY_PROJECT_ID), a project or dataset it
// does not know (SANITY_PROJECT_ID, SANITY_DATASET), a token it refuses (SANITY_API_READ_TOKEN). A server asks
// once as it starts, so a wrong setting stops it there instead of failing its first page or publish.
import {isHttpError} from '@sanity/client'
import {contentClient} from './client.ts'
import {lakeAddressSetting, type ContentEnv} from './env.ts'

/** How long a lake may take to answer the check (Sanity's API answers a count in well under a second). */
const ANSWER_WITHIN_MS = 15_000

/** Why a request did not reach the lake: the system's code (ECONNREFUSED, ENOTFOUND, …), or the deepest reason. */
function unreachable(error: unknown) {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no answer within ${ANSWER_WITHIN_MS / 1000} s`
  // fetch's TypeError('fetch failed') holds the system's error (or fetch's own reason: "bad port") as its cause.
  let why = String(error)
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const {code} = cause as {code?: unknown}
    if (typeof code === 'string') return code
    why = cause.message
  }
  return why
}

/** One line for a lake that refused the check, naming the setting to change. */
function refusal(env: ContentEnv, access: 'published' | 'drafts', status: number, message: string) {
  const answer = `${status}: ${message.split('\n')[0]}`
  if ((status === 401 || status === 403) && access === 'drafts')
    return `SANITY_API_READ_TOKEN: the Content Lake at ${lakeAddressSetting(env)} refuses it (${answer})`
  if (status === 404)
    return `SANITY_PROJECT_ID "${env.projectId}" and SANITY_DATASET "${env.dataset}": the Content Lake at ${lakeAddressSetting(env)} has no such project or dataset (${answer})`
  return `the Content Lake at ${lakeAddressSetting(env)} refused a read (${answer})`
}

/**
 * Resolves when the lake answers a read as `access` reads it (published, with no token; drafts, with the read
 * token); otherwise rejects with one line that names the setting at fault.
 */
export async function checkContentLake(env: ContentEnv, access: 'published' | 'drafts') {
  if (access === 'drafts' && !env.readToken) {
    throw new Error(
      'SANITY_API_READ_TOKEN is not set: the draft preview reads drafts with it (a Viewer token of your Sanity project, or the embedded lake’s from .env.example)',
    )
  }
  try {
    await contentClient(access, env).fetch(
      'count(*[_type == "siteSettings"])',
      {},
      {signal: AbortSignal.timeout(ANSWER_WITHIN_MS)},
    )
  } catch (error) {
    if (isHttpError(error)) throw new Error(refusal(env, access, error.statusCode, error.message))
    throw new Error(
      `${lakeAddressSetting(env)}: no Content Lake answers there (${unreachable(error)})`,
    )
  }
}
