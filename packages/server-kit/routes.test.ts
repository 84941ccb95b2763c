import {expect, it} from 'vitest'
import {HttpError} from './httpError.ts'
import {matchRoute, route, routeFor, type RouteRefusals} from './routes.ts'

const routes = [
  route(['GET', 'HEAD'], '/v:version/data/doc/:dataset{/*}?', 'documents'),
  route('POST', '/hooks/publish', 'receive'),
  route('GET', '/hooks/publish', 'status'),
  route('*', '/health', 'health'),
  route('*', '/v:version/*', 'anything else under the API'),
]

const refusals: RouteRefusals = {
  notFound: (method, pathname) => new HttpError(404, {message: `${method} ${pathname}`}),
  methodNotAllowed: (method) => new HttpError(405, {message: `${method} is not allowed`}),
}

it('answers with the route whose method and pattern match, with its parameters', () => {
  expect(matchRoute(routes, 'GET', '/v1/data/doc/production/a,b')).toEqual({
    found: true,
    handler: 'documents',
    params: {version: '1', dataset: 'production', 0: 'a,b'},
  })
  expect(matchRoute(routes, 'GET', '/hooks/publish')).toMatchObject({handler: 'status'})
  expect(matchRoute(routes, 'POST', '/hooks/publish')).toMatchObject({handler: 'receive'})
  expect(matchRoute(routes, 'DELETE', '/health')).toMatchObject({handler: 'health'})
  expect(matchRoute(routes, 'PUT', '/v1/users/me')).toMatchObject({
    handler: 'anything else under the API',
  })
})

it('keeps a path to the endpoint that declares it: another method is refused, not taken by a later route', () => {
  expect(matchRoute(routes, 'POST', '/v1/data/doc/production/a')).toEqual({
    found: false,
    allowed: ['GET', 'HEAD'],
  })
  expect(matchRoute(routes, 'PUT', '/hooks/publish')).toEqual({
    found: false,
    allowed: ['POST', 'GET'],
  })
  expect(matchRoute(routes, 'GET', '/nowhere')).toEqual({found: false, allowed: []})
})

it("refuses in the server's words: 405 with Allow, 404 for an unknown path", () => {
  const refusal = (method: string, pathname: string) => {
    try {
      routeFor(routes, method, pathname, refusals)
    } catch (error) {
      return error as HttpError
    }
    throw new Error('routed')
  }
  expect(refusal('PUT', '/hooks/publish')).toMatchObject({
    status: 405,
    body: {message: 'PUT is not allowed'},
    headers: {Allow: 'POST, GET'},
  })
  expect(refusal('GET', '/nowhere')).toMatchObject({
    status: 404,
    body: {message: 'GET /nowhere'},
    headers: {},
  })
  expect(() => routeFor(routes, 'PUT', '/hooks/publish', {notFound: refusals.notFound})).toThrow(
    expect.objectContaining({status: 404, body: {message: 'PUT /hooks/publish'}, headers: {}}),
  )
})
