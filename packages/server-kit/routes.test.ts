import {expect, it} from 'vitest'
import {matchRoute, route} from './routes.ts'

const routes = [
  route('GET', '/v:version/data/:endpoint(query|doc)/:dataset{/*}?', 'data'),
  route('POST', '/hooks/publish', 'receive'),
  route('GET', '/hooks/publish', 'status'),
  route('*', '/health', 'health'),
]

it('answers with the first route whose method and pattern match, with its parameters', () => {
  expect(matchRoute(routes, 'GET', '/v1/data/doc/production/a,b')).toEqual({
    found: true,
    handler: 'data',
    params: {version: '1', endpoint: 'doc', dataset: 'production', 0: 'a,b'},
  })
  expect(matchRoute(routes, 'GET', '/hooks/publish')).toMatchObject({
    found: true,
    handler: 'status',
  })
  expect(matchRoute(routes, 'DELETE', '/health')).toMatchObject({found: true, handler: 'health'})
})

it('tells a path known under other methods from an unknown path', () => {
  expect(matchRoute(routes, 'PUT', '/hooks/publish')).toEqual({
    found: false,
    allowed: ['POST', 'GET'],
  })
  expect(matchRoute(routes, 'GET', '/v1/data/mutate/production')).toEqual({
    found: false,
    allowed: [],
  })
})
