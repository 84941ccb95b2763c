// What the Studio asks Sanity's API besides documents: who is signed in, the editor's preferences, and feature
// probes that get harmless answers. One local editor (editorAccount.ts); the project's answers are projects.ts.
//
// Signing in follows Sanity's provider flow: the Studio sends the browser to the provider's URL with an
// `origin`; the lake sends it back to that origin with `#sid=<one-time id>`; the Studio exchanges the id at
// /auth/fetch for the lake's token and keeps it in its own storage. Only origins on this machine are served.
import {randomBytes} from 'node:crypto'
import {send} from '@quantedge/server-kit/send'
import {LOCAL_EDITOR} from '../account/editorAccount.ts'
import {badRequest, routeNotFound, unauthorized} from '../documents/errors.ts'
import type {LakeRequest} from './lakeRequest.ts'
import {parseJsonBody} from './requestBody.ts'

/** The provider's sign-in: back to the Studio's origin with a one-time session id. */
export function logIn({res, search, lake}: LakeRequest) {
  const origin = search.get('origin') ?? ''
  if (!isLocalOrigin(origin))
    throw badRequest('The embedded lake signs in only Studios served from this machine (localhost)')
  const sid = randomBytes(24).toString('base64url')
  lake.editor.startSession(sid)
  const target = new URL(origin)
  target.hash = `sid=${sid}`
  send(res, 302, undefined, {'Location': target.href, 'Cache-Control': 'no-store'})
}

/** `/auth/fetch?sid=`: the one-time session id exchanged for the lake's token. */
export function exchangeSession({res, search, lake}: LakeRequest) {
  if (!lake.editor.endSession(search.get('sid')))
    throw unauthorized('Unknown or expired session id')
  send(res, 200, {token: lake.token, label: 'Local editor'})
}

/** What the Studio and @sanity/client probe after an opaque network failure (cors.ts). */
export function checkCors({res, originAllowed}: LakeRequest) {
  send(res, 200, {result: {allowed: originAllowed, withCredentials: originAllowed}})
}

/** The Studio keeps its token itself: signing out has nothing to end here. */
export const logOut = ({res}: LakeRequest) => send(res, 200, {})

export const pong = ({res}: LakeRequest) => send(res, 200, 'PONG')

// Probes for Sanity's hosted features, answered as a project that has none of them but releases.
export const telemetryStatus = ({res}: LakeRequest) => send(res, 200, {status: 'denied'})
export const discardTelemetry = ({res}: LakeRequest) => send(res, 204)
/**
 * The project's features: Content Releases and Scheduled Drafts (single-document releases), the keys the Studio's
 * `useFeatureEnabled` reads (Studio 6.16 `FEATURES`: `contentReleases`, `singleDocRelease`).
 */
export const features = ({res}: LakeRequest) =>
  send(res, 200, ['contentReleases', 'singleDocRelease'])
export const noJourneys = ({res}: LakeRequest) => send(res, 200, [])
export const noSchedules = ({res}: LakeRequest) => send(res, 200, {schedules: []})
export const noAccessRequests = ({res}: LakeRequest) => send(res, 200, [])

export const editorId = ({res}: LakeRequest) => send(res, 200, {id: LOCAL_EDITOR.id})
export const currentEditor = ({res}: LakeRequest) => send(res, 200, LOCAL_EDITOR)

/** `/users/<ids>`: the local editor where named, null for anyone else. */
export function users({res, params}: LakeRequest) {
  const ids = (params.ids ?? '').split(',')
  send(
    res,
    200,
    ids.map((id) => (id === LOCAL_EDITOR.id ? LOCAL_EDITOR : null)),
  )
}

export function readPreferences({res, params, lake}: LakeRequest) {
  send(res, 200, lake.editor.readPreferences(params.keys ?? ''))
}

export function storePreferences({res, body, lake}: LakeRequest) {
  send(res, 200, lake.editor.storePreferences(parseJsonBody(body)))
}

/** Any other path under the API version: none, said to a signed-in editor only (as Sanity's API does). */
export function noSuchEndpoint({params}: LakeRequest): never {
  throw routeNotFound(`/${params[0] ?? ''}`)
}

function isLocalOrigin(origin: string) {
  if (!URL.canParse(origin)) return false
  const {protocol, hostname} = new URL(origin)
  const local =
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]'
  return local && (protocol === 'http:' || protocol === 'https:')
}
