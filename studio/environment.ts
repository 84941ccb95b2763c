// The Studio's project and dataset. Sanity exposes only SANITY_STUDIO_* variables to the Studio bundle.
// Without a project id the Studio edits the embedded Content Lake on this machine (`npm start`).

const configuredProjectId = process.env.SANITY_STUDIO_PROJECT_ID

/** True when no Sanity project is configured: the Studio then edits the embedded lake. */
export const editsEmbeddedLake = !configuredProjectId

export const studioProjectId = configuredProjectId || 'embedded'
export const studioDataset = process.env.SANITY_STUDIO_DATASET || 'production'

/** The embedded lake's HTTP/2 address (the Studio calls `<projectId>.localhost` there); Sanity's API otherwise. */
const builtApiHost = editsEmbeddedLake
  ? process.env.SANITY_STUDIO_API_HOST || 'https://localhost:4443'
  : process.env.SANITY_STUDIO_API_HOST || undefined

/**
 * Where the Studio calls the lake. For the embedded lake, lakeRoute/bootstrap.ts chose it in the page before the
 * Studio started: the HTTP/2 address when the browser trusts the local authority, else the plain one.
 */
export const studioApiHost =
  (editsEmbeddedLake
    ? (globalThis as {quantedgeLakeRoute?: {apiHost: string}}).quantedgeLakeRoute?.apiHost
    : undefined) ?? builtApiHost

/**
 * Where the draft-preview server answers (`npm run preview:drafts`, or its deployment). For the embedded lake the
 * page tells it (lakeRoute/bootstrap.ts), so one build serves any preview address.
 */
export const studioPreviewUrl =
  (globalThis as {quantedgePreviewUrl?: string}).quantedgePreviewUrl ||
  process.env.SANITY_STUDIO_PREVIEW_URL ||
  'http://localhost:3001'
