// Purge on Fastly: "Purge multiple surrogate key tags", `POST /service/{service_id}/purge` with the API token in
// `Fastly-Key` and `{"surrogate_keys": [...]}`, up to 256 keys a request; `Fastly-Soft-Purge: 1` marks the objects
// stale instead of removing them, so stale-if-error still has them while the origins are down
// (https://www.fastly.com/documentation/reference/api/purging/). It answers 200 with each key's purge id, or an
// error status with `{"msg": …}`.
import {batches, jsonField, PurgeFailed, purgeRequest, type Purge} from './purge.ts'

const TAGS_PER_REQUEST = 256

export const fastlyPurge =
  ({serviceId, token, apiUrl}: {serviceId: string; token: string; apiUrl: string}): Purge =>
  async (tags) => {
    const url = new URL(`/service/${encodeURIComponent(serviceId)}/purge`, apiUrl).href
    for (const batch of batches(tags, TAGS_PER_REQUEST)) {
      const {status, body} = await purgeRequest('Fastly', url, {
        method: 'POST',
        headers: {
          'Fastly-Key': token,
          'Fastly-Soft-Purge': '1',
          'Accept': 'application/json',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({surrogate_keys: batch}),
      })
      if (status !== 200) {
        const message = jsonField(body, ({msg, detail}) => [msg, detail].filter(Boolean).join(': '))
        throw new PurgeFailed(`Fastly refused the purge (${status}): ${message || body.trim()}`)
      }
    }
    return `${tags.length} surrogate key(s) soft-purged`
  }
