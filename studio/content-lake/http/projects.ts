// `/projects/<id>` and what hangs under it, as the Studio reads them: the project, the editor's grants, the
// datasets and their ACL, roles, and whether another release may be made. One project, one local editor with every
// permission.
import {send} from '@quantedge/server-kit/send'
import {LOCAL_EDITOR} from '../account/editorAccount.ts'
import type {LakeRequest} from './lakeRequest.ts'
import {ACTIVE_RELEASE_LIMIT, activeReleaseCount} from '../releases/releaseLimits.ts'

const ALL_PERMISSIONS = ['history', 'read', 'update', 'create', 'delete']
const DOCUMENT_GRANTS = [{filter: '_id in path("**")', permissions: ALL_PERMISSIONS}]

export function project({res, params}: LakeRequest) {
  send(res, 200, {
    id: params.projectId,
    displayName: 'QuantEdge (embedded Content Lake)',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    organizationId: null,
    metadata: {},
    members: [
      {
        id: LOCAL_EDITOR.id,
        role: 'administrator',
        roles: LOCAL_EDITOR.roles,
        isCurrentUser: true,
        isRobot: false,
      },
    ],
    features: [],
  })
}

export function projectGrants({res}: LakeRequest) {
  const grants = ALL_PERMISSIONS.map((name) => ({name, params: {}}))
  send(res, 200, {
    'sanity.document.filter': [
      {
        grants: DOCUMENT_GRANTS.map(({filter}) => ({filter, permissions: ALL_PERMISSIONS})),
        config: {},
      },
    ],
    'sanity.project': [{grants, config: {}}],
    'sanity.project.datasets': [{grants, config: {}}],
  })
}

export function datasets({res, search}: LakeRequest) {
  // The comments add-on dataset does not exist here: the Studio then leaves comments off.
  send(
    res,
    200,
    search.get('datasetProfile') === 'comments' ? [] : [{name: 'production', aclMode: 'private'}],
  )
}

export const datasetAcl = ({res}: LakeRequest) => send(res, 200, DOCUMENT_GRANTS)

export const datasetIndexing = ({res}: LakeRequest) => send(res, 200, {partialIndexing: false})

export const roles = ({res}: LakeRequest) => send(res, 200, LOCAL_EDITOR.roles)

export const noUserApplications = ({res}: LakeRequest) => send(res, 200, [])

/** Any other project setting the Studio reads: none set. */
export const otherProjectSettings = ({res}: LakeRequest) => send(res, 200, {})

/**
 * `GET /vX/projects/<id>/new-content-release-allowed`, which the Studio asks before it creates, archives or
 * unarchives a release: the counts and limits, answered `{data: {…}}`, and a 403 with the same body once no
 * release may be added (Studio core/releases/contexts/upsell/fetchReleaseLimits.ts).
 */
export function newReleaseAllowed({res, lake}: LakeRequest) {
  const counts = lake.store
    .datasetNames()
    .map((dataset) => activeReleaseCount(lake.store.documents(dataset)))
  const active = counts.reduce((sum, count) => sum + count, 0)
  const data = {
    orgActiveReleaseCount: active,
    orgMeteredActiveReleaseCount: active,
    datasetReleaseLimit: ACTIVE_RELEASE_LIMIT,
    orgActiveReleaseLimit: ACTIVE_RELEASE_LIMIT,
  }
  send(res, active < ACTIVE_RELEASE_LIMIT ? 200 : 403, {data})
}
