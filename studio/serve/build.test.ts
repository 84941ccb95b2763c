// Which Content Lake a Studio build talks to: the embedded lake's addresses without a project, Sanity's API with one.
import {expect, it} from 'vitest'
import {studioEnv, studioLakeAddresses} from './build.ts'

const lake = studioLakeAddresses({port: 4444, securePort: 4443, streamPorts: [4445, 4446]})
const addresses = {previewUrl: 'http://localhost:3001', lake}

it('points a Studio without a Sanity project at the embedded lake: HTTP/2, plain HTTP and the stream ports', () => {
  expect(studioEnv(addresses, {})).toEqual({
    SANITY_STUDIO_PREVIEW_URL: 'http://localhost:3001',
    SANITY_STUDIO_API_HOST: 'https://localhost:4443',
    SANITY_STUDIO_LAKE_PLAIN_URL: 'http://localhost:4444',
    SANITY_STUDIO_LAKE_STREAM_URLS: 'http://127.0.0.1:4445,http://127.0.0.1:4446',
  })
  expect(
    studioEnv(addresses, {SANITY_STUDIO_API_HOST: 'https://lake.localhost:5443'})
      .SANITY_STUDIO_API_HOST,
  ).toBe('https://lake.localhost:5443')
})

it('leaves a Studio with a Sanity project on Sanity’s API, and keeps a configured preview address', () => {
  expect(
    studioEnv(addresses, {
      SANITY_STUDIO_PROJECT_ID: 'abc123',
      SANITY_STUDIO_PREVIEW_URL: 'https://preview.example.com',
    }),
  ).toEqual({
    SANITY_STUDIO_PREVIEW_URL: 'https://preview.example.com',
  })
})
