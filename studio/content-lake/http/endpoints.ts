// Every endpoint of the embedded lake, one entry each: the methods it takes, its path, the function that answers
// it, who may call it and what body it reads. The first entry whose path matches names the endpoint; a method it
// does not take is Sanity's 405 with `Allow` (@quantedge/server-kit/routes). README.md names the files behind each.
import {route} from '@quantedge/server-kit/routes'
import {serveAsset, uploadAsset} from './assetApi.ts'
import {
  act,
  answerDocuments,
  answerQuery,
  listenForChanges,
  mutate,
  openLiveEvents,
} from './dataApi.ts'
import {answerDocumentEvents, answerDocumentsAt, answerTransactions} from './history.ts'
import type {Endpoint} from './lakeRequest.ts'
import {LOCAL_LOGIN_ROUTE} from '../account/localLogin.ts'
import {answerReleaseEvents} from './releaseEvents.ts'
import {
  datasetAcl,
  datasetIndexing,
  datasets,
  newReleaseAllowed,
  noUserApplications,
  otherProjectSettings,
  project,
  projectGrants,
  roles,
} from './projects.ts'
import {
  checkCors,
  currentEditor,
  discardTelemetry,
  editorId,
  exchangeSession,
  logIn,
  logOut,
  noAccessRequests,
  features,
  noJourneys,
  noSchedules,
  noSuchEndpoint,
  pong,
  readPreferences,
  storePreferences,
  telemetryStatus,
  users,
} from './studioApi.ts'

/**
 * Who may call an endpoint: `open`, anyone, and no token is looked at; `checked`, anyone, but a token sent must
 * be the lake's (Sanity refuses an unknown token even where none is needed); `signedIn`, only with the lake's token.
 */
type Access = 'open' | 'checked' | 'signedIn'

/**
 * The body an endpoint reads: `json` up to Sanity's mutation limit; `upload` up to its upload limit, kept only
 * for the lake's token (anyone else's is read and dropped before the 401).
 */
export type BodyKind = 'json' | 'upload'

export type LakeEndpoint = {answer: Endpoint; access: Access; body: BodyKind}

const endpoint = (
  methods: '*' | string | readonly string[],
  pathname: string,
  answer: Endpoint,
  {access = 'checked', body = 'json'}: {access?: Access; body?: BodyKind} = {},
) => route<LakeEndpoint>(methods, pathname, {answer, access, body})

/** A path under Sanity's API versions: v1, vYYYY-MM-DD, vX. */
const api = (path: string) => `/v:version(1|\\d{4}-\\d{2}-\\d{2}|X)${path}`

const READ = ['GET', 'HEAD']
const signedIn = {access: 'signedIn'} as const

export const LAKE_ENDPOINTS = [
  endpoint('*', '/v1/ping', pong, {access: 'open'}),
  endpoint(READ, '/:kind(images|files)/:project/:dataset/:name', serveAsset, {access: 'open'}),
  // Data (dataApi.ts, history.ts; assets: assetApi.ts)
  endpoint([...READ, 'POST'], api('/data/query/:dataset'), answerQuery),
  endpoint(READ, api('/data/doc/:dataset{/*}?'), answerDocuments),
  endpoint('POST', api('/data/mutate/:dataset'), mutate),
  endpoint('POST', api('/data/actions/:dataset'), act),
  endpoint('GET', api('/data/listen/:dataset'), listenForChanges),
  endpoint('GET', api('/data/live/events/:dataset'), openLiveEvents),
  endpoint(READ, api('/data/history/:dataset/transactions{/*}?'), answerTransactions),
  endpoint(READ, api('/data/history/:dataset/events/documents{/*}?'), answerDocumentEvents),
  endpoint(READ, api('/data/history/:dataset/events/releases{/*}?'), answerReleaseEvents),
  endpoint(READ, api('/data/history/:dataset/documents{/*}?'), answerDocumentsAt),
  endpoint('POST', api('/assets/:kind(images|files)/:dataset'), uploadAsset, {body: 'upload'}),
  // Signing in (studioApi.ts)
  endpoint('*', api(LOCAL_LOGIN_ROUTE), logIn),
  endpoint('*', api('/auth/fetch'), exchangeSession),
  endpoint('*', api('/auth/logout'), logOut),
  endpoint('*', api('/auth/id'), editorId, signedIn),
  // The Studio's probes (studioApi.ts)
  endpoint('*', api('/check/cors'), checkCors),
  endpoint('*', api('/intake/telemetry-status'), telemetryStatus),
  endpoint('*', api('/intake/*'), discardTelemetry),
  endpoint('*', api('/features'), features),
  endpoint('*', api('/journey/*'), noJourneys),
  endpoint('*', api('/schedules/*'), noSchedules),
  endpoint('*', api('/help'), pong),
  endpoint('*', api('/ping'), pong),
  // The editor (studioApi.ts)
  endpoint('*', api('/users/me'), currentEditor, signedIn),
  endpoint('PUT', api('/users/me/keyvalue'), storePreferences, signedIn),
  endpoint('*', api('/users/me/keyvalue/:keys'), readPreferences, signedIn),
  endpoint('*', api('/users/:ids'), users, signedIn),
  endpoint('*', api('/access/*'), noAccessRequests, signedIn),
  // The project (projects.ts)
  endpoint('*', api('/projects/:projectId'), project, signedIn),
  endpoint('*', api('/projects/:projectId/grants'), projectGrants, signedIn),
  endpoint('*', api('/projects/:projectId/datasets'), datasets, signedIn),
  endpoint('*', api('/projects/:projectId/datasets/:dataset/acl'), datasetAcl, signedIn),
  endpoint(
    '*',
    api('/projects/:projectId/datasets/:dataset/settings/indexing'),
    datasetIndexing,
    signedIn,
  ),
  endpoint('*', api('/projects/:projectId/roles'), roles, signedIn),
  endpoint('*', api('/projects/:projectId/user-applications*'), noUserApplications, signedIn),
  endpoint(
    READ,
    api('/projects/:projectId/new-content-release-allowed'),
    newReleaseAllowed,
    signedIn,
  ),
  endpoint('*', api('/projects/:projectId/*'), otherProjectSettings, signedIn),
  // Anything else under an API version
  endpoint('*', api('/*'), noSuchEndpoint, signedIn),
]
