// Purge on the local edge (edge.vcl): `PURGE /` on its purge address with the hook's token as a bearer and the
// tags, separated by spaces, in `xkey-purge`, as varnish-modules' vmod_xkey examples name it. The VCL soft-purges
// them (xkey.softpurge) and answers 200 "Purged N object(s)".
import {batches, PurgeFailed, purgeRequest, type Purge} from './purge.ts'

/** Tags per request: a request header line stays far under Varnish's 8 KB (http_req_hdr_len). */
const TAGS_PER_REQUEST = 50

export const varnishPurge =
  ({url, token}: {url: string; token: string}): Purge =>
  async (tags) => {
    const said: string[] = []
    for (const batch of batches(tags, TAGS_PER_REQUEST)) {
      const {status, body} = await purgeRequest('Varnish', new URL('/', url).href, {
        method: 'PURGE',
        headers: {'Authorization': `Bearer ${token}`, 'xkey-purge': batch.join(' ')},
      })
      if (status !== 200)
        throw new PurgeFailed(`Varnish refused the purge (${status}): ${body.trim()}`)
      said.push(body.trim())
    }
    return said.join('; ')
  }
