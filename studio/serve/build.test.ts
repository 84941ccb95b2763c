// Which Content Lake a Studio build talks to: the embedded lake's HTTP/2 address without a project, Sanity's API with one.
import {expect, it} from 'vitest'
import {studioEnv} from './build.ts'

const addresses = {previewUrl: 'http://localhost:3001', lakeUrl: 'https://localhost:4443'}

it('points a Studio without a Sanity project at the embedded lake over HTTPS', () => {
  expect(studioEnv(addresses, {})).toEqual({
    SANITY_STUDIO_PREVIEW_URL: 'http://localhost:3001',
    SANITY_STUDIO_API_HOST: 'https://localhost:4443',
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
