// Purge on Cloudflare: "Purge Cached Content" by tag, `POST /client/v4/zones/{zone_id}/purge_cache` with an API
// token as a bearer and `{"tags": [...]}`, at most 30 tags a request on every plan
// (https://developers.cloudflare.com/api/resources/cache/methods/purge/). It answers Cloudflare's envelope,
// `{"success": true, "errors": [], "messages": [], "result": {"id": …}}`, or `success: false` with
// `errors: [{code, message}]`.
import {batches, jsonField, PurgeFailed, purgeRequest, type Purge} from './purge.ts'

const TAGS_PER_REQUEST = 30

type CloudflareError = {code?: number; message?: string}

export const cloudflarePurge =
  ({zoneId, token, apiUrl}: {zoneId: string; token: string; apiUrl: string}): Purge =>
  async (tags) => {
    const url = new URL(`/client/v4/zones/${encodeURIComponent(zoneId)}/purge_cache`, apiUrl).href
    for (const batch of batches(tags, TAGS_PER_REQUEST)) {
      const {status, body} = await purgeRequest('Cloudflare', url, {
        method: 'POST',
        headers: {'Authorization': `Bearer ${token}`, 'Content-Type': 'application/json'},
        body: JSON.stringify({tags: batch}),
      })
      const success = jsonField(body, (value) => value.success)
      if (status !== 200 || success !== true) {
        const errors = jsonField(body, (value) =>
          Array.isArray(value.errors)
            ? (value.errors as CloudflareError[])
                .map(({code, message}) => `${message ?? 'error'} (${code ?? '?'})`)
                .join('; ')
            : undefined,
        )
        throw new PurgeFailed(`Cloudflare refused the purge (${status}): ${errors || body.trim()}`)
      }
    }
    return `${tags.length} tag(s) purged`
  }
