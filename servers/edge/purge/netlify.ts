// Purge on Netlify: `POST /api/v1/purge` with a personal access token as a bearer and
// `{"site_id": …, "cache_tags": [...]}`, as Netlify's own purgeCache helper sends it (@netlify/functions,
// src/lib/purge_cache.ts; Netlify's docs, "Caching: on-demand invalidation"). It answers 202 with no body, or an
// error status with `{"code": …, "message": …}`.
import {batches, jsonField, PurgeFailed, purgeRequest, type Purge} from './purge.ts'

const TAGS_PER_REQUEST = 30

export const netlifyPurge =
  ({siteId, token, apiUrl}: {siteId: string; token: string; apiUrl: string}): Purge =>
  async (tags) => {
    const url = new URL('/api/v1/purge', apiUrl).href
    for (const batch of batches(tags, TAGS_PER_REQUEST)) {
      const {status, body} = await purgeRequest('Netlify', url, {
        method: 'POST',
        headers: {'Authorization': `Bearer ${token}`, 'Content-Type': 'application/json'},
        body: JSON.stringify({site_id: siteId, cache_tags: batch}),
      })
      if (status !== 202 && status !== 200) {
        const message = jsonField(body, (value) => value.message)
        throw new PurgeFailed(`Netlify refused the purge (${status}): ${message || body.trim()}`)
      }
    }
    return `${tags.length} cache tag(s) purged`
  }
