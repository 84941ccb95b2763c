// The deployment's part of the edge's VCL (edge.vcl includes it): one backend per origin, probed with edge.vcl's
// `site_origin` probe, in a round-robin director named `origins` (varnish's vmod_directors), and
// `edge_authorize_purge`, which refuses a purge without the publish hook's token. A hand-written origins.vcl for
// another deployment defines the same three names.
export type Origin = {host: string; port: number}

const VCL_SAFE_TOKEN = /^[A-Za-z0-9._~-]+$/
const VCL_SAFE_HOST = /^[A-Za-z0-9.:-]+$/

export function originsVcl(origins: readonly Origin[], purgeToken: string) {
  if (origins.length === 0) throw new Error('The edge needs at least one origin')
  if (!VCL_SAFE_TOKEN.test(purgeToken))
    throw new Error('The purge token may hold only letters, digits and ._~-')
  const backends = origins.map(({host, port}, index) => {
    if (!VCL_SAFE_HOST.test(host)) throw new Error(`Origin host "${host}" is not a host name`)
    return [
      `backend origin_${index} {`,
      `    .host = "${host}";`,
      `    .port = "${port}";`,
      '    .probe = site_origin;',
      '    .connect_timeout = 1s;',
      '    .first_byte_timeout = 15s;',
      '    .between_bytes_timeout = 15s;',
      '}',
    ].join('\n')
  })
  return [
    '# Written by servers/edge/origins.ts for this start: the origins and the purge token.',
    ...backends,
    'sub vcl_init {',
    '    new origins = directors.round_robin();',
    ...origins.map((_, index) => `    origins.add_backend(origin_${index});`),
    '}',
    'sub edge_authorize_purge {',
    `    if (req.http.Authorization != "Bearer ${purgeToken}") {`,
    '        return (synth(401, "A purge needs the publish hook\'s token"));',
    '    }',
    '}',
    '',
  ].join('\n')
}
