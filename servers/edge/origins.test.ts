// The deployment's part of the edge's VCL: what edge.vcl expects of it, and nothing an origin or token could break.
import {expect, it} from 'vitest'
import {originsVcl} from './origins.ts'

it('defines a probed backend per origin, the round-robin director, and the purge check', () => {
  const vcl = originsVcl(
    [
      {host: '127.0.0.1', port: 3000},
      {host: 'origin-2.internal', port: 3010},
    ],
    'a-token.of_16~chars',
  )
  expect(vcl).toContain('backend origin_0 {\n    .host = "127.0.0.1";\n    .port = "3000";')
  expect(vcl).toContain('backend origin_1 {\n    .host = "origin-2.internal";\n    .port = "3010";')
  expect(vcl.match(/\.probe = site_origin;/g)).toHaveLength(2)
  expect(vcl).toContain('new origins = directors.round_robin();')
  expect(vcl).toContain('origins.add_backend(origin_1);')
  expect(vcl).toContain('if (req.http.Authorization != "Bearer a-token.of_16~chars")')
})

it.each([
  ['no origin', [], 'a-token'],
  ['a token that would end the VCL string', [{host: 'a', port: 1}], 'x"; } sub vcl_recv { "'],
  ['a host that is not a host name', [{host: 'a"b', port: 1}], 'a-token'],
])('refuses %s', (_, origins, token) => {
  expect(() => originsVcl(origins, token)).toThrow()
})
