// The one way this project reaches a Content Lake: @sanity/client, configured from the environment.
import {createClient, type SanityClient} from '@sanity/client'
import {readContentEnv, SANITY_API_VERSION, type ContentEnv} from './env.ts'

export type ContentAccess =
  /** Published documents, no token: what the public build reads. */
  | 'published'
  /** Drafts laid over published documents, with the server-side read token and stega for visual editing. */
  | 'drafts'
  /** Raw documents with the write token: the seed and editor tools. */
  | 'write'

export function contentClient(
  access: ContentAccess,
  env: ContentEnv = readContentEnv(),
): SanityClient {
  const base = {
    projectId: env.projectId,
    dataset: env.dataset,
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
    ...(env.apiHost ? {apiHost: env.apiHost, useProjectHostname: false} : {}),
  }
  if (access === 'published') return createClient({...base, perspective: 'published'})
  if (access === 'drafts') {
    return createClient({
      ...base,
      perspective: 'drafts',
      token: env.readToken || undefined,
      stega: {enabled: true, studioUrl: env.studioUrl},
    })
  }
  return createClient({...base, perspective: 'raw', token: env.writeToken || undefined})
}
