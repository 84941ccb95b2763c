// Which landing page each address shows, decided by the renderer for every full build and every publish, by the
// one rule (@quantedge/schemas/landingPages): read from the lake as published, with the pages the rule leaves out
// logged (a slug a fixed page has, say, written through the API past the Studio's validation). Each landing page
// is then rendered with its document's id in the load context (web/app/landing/loadLanding.server.ts), and the
// release records that id beside the page's reads, so the next render sees which pages are new, gone, or shown by
// another document now.
import {contentClient} from '@quantedge/content-access/client'
import {LANDING_PAGE_ROUTES_QUERY} from '@quantedge/content-access/queries'
import {describeSkippedLandingPage, landingPagePaths} from '@quantedge/schemas/landingPages'
import {renderLog} from '../app/content/renderLog.server.ts'
import type {OutputReads} from './renderOutputs.ts'

/** The published landing pages by address (`/diwali-offer` → its document id). */
export async function landingPageIndex(
  log: (line: string) => void = (line) => renderLog().warn(line),
) {
  const {paths, skipped} = landingPagePaths(
    await contentClient('published').fetch(LANDING_PAGE_ROUTES_QUERY),
  )
  for (const page of skipped) log(describeSkippedLandingPage(page))
  return paths
}

/**
 * What a render must do about landing pages, against the release it starts from: render the ones that are new or
 * shown by another document now, and remove the ones no longer published (their addresses answer 404).
 */
export function landingChanges(reads: OutputReads, index: ReadonlyMap<string, string>) {
  const renderAgain = [...index]
    .filter(([path, id]) => reads[path]?.landingPage !== id)
    .map(([path]) => path)
  const removed = Object.entries(reads)
    .filter(([path, read]) => read.landingPage !== undefined && !index.has(path))
    .map(([path]) => path)
  return {renderAgain, removed}
}
