// The site's redirects as an output of every render: `_redirects` beside `_headers`, in the format Netlify and
// Cloudflare Pages read (server-kit's redirectsFile.ts), which the site server answers as they do. It is rendered
// like a page, inside a render that records its reads: the redirects and the landing pages (a published landing
// page at a redirect's path wins, @quantedge/schemas/redirects), so it is written again whenever either changes.
import {contentClient} from '@quantedge/content-access/client'
import {describeContentLake, readContentEnv} from '@quantedge/content-access/env'
import {LANDING_PAGE_ROUTES_QUERY, REDIRECTS_QUERY} from '@quantedge/content-access/queries'
import {recordingClient} from '@quantedge/content-access/reads'
import {landingPagePaths} from '@quantedge/schemas/landingPages'
import {describeSkippedRedirect, liveRedirects} from '@quantedge/schemas/redirects'
import {formatRedirectsFile, REDIRECTS_FILE} from '@quantedge/server-kit/redirectsFile'
import {renderLog} from '../app/content/renderLog.server.ts'

/** The output that holds the redirects, among the paths a render writes. */
export const REDIRECTS_OUTPUT = REDIRECTS_FILE

/**
 * The recording client for each lake the settings have named: made once per lake, as a render process renders many
 * releases; keyed, so one process that renders from another lake later (a test run's next file) reads that one.
 */
const clients = new Map<string, ReturnType<typeof recordingClient>>()

function publishedClient() {
  const env = readContentEnv()
  const key = describeContentLake(env)
  let client = clients.get(key)
  if (!client) clients.set(key, (client = recordingClient(contentClient('published', env))))
  return client
}

/** The `_redirects` file for the published redirects, with the ones left out logged. */
export async function renderRedirects(
  log: (line: string) => void = (line) => renderLog().warn(line),
) {
  const client = publishedClient()
  const [documents, routes] = await Promise.all([
    client.fetch(REDIRECTS_QUERY),
    client.fetch(LANDING_PAGE_ROUTES_QUERY),
  ])
  const {paths} = landingPagePaths(routes)
  const {rules, skipped} = liveRedirects(documents, new Set(paths.keys()))
  for (const redirect of skipped) log(describeSkippedRedirect(redirect))
  return Buffer.from(
    formatRedirectsFile(
      rules,
      'Written by the build (web/prerender/redirects.ts) from the redirects published in the Studio.',
    ),
  )
}
