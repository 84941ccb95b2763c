// Route loaders read content here: published content at build time, or drafts when the preview server
// renders a request and hands its drafts client over in the load context. A missing document stops the
// build (or the preview) with its name.
import type {SanityClient} from '@sanity/client'
import type {SitePageRoute} from '@quantedge/schemas/fixed'
import type {AppLoadContext} from 'react-router'
import {contentClient} from '@quantedge/content-access/client'
import {SITE_PAGE_QUERY} from '@quantedge/content-access/queries'
import {recordingClient} from '@quantedge/content-access/reads'

/** A release the preview shows: its id and the title editors gave it. */
export type PreviewRelease = {id: string; title: string}

declare module 'react-router' {
  interface AppLoadContext {
    /** The preview server's drafts client (with its server-side token); absent when prerendering. */
    content?: SanityClient
    /** The releases the preview shows, the one on top first (servers/preview/perspective.ts). */
    previewReleases?: PreviewRelease[]
  }
}

let published: SanityClient | undefined

/**
 * The client a loader reads with: the preview's drafts client, else the public, token-less one, which notes
 * what each prerendered output read (@quantedge/content-access/reads).
 */
export const contentFor = (context: Readonly<AppLoadContext> | undefined): SanityClient =>
  context?.content ?? (published ??= recordingClient(contentClient('published')))

/** True while the preview server renders: pages then show drafts and say so. */
export const isPreview = (context: Readonly<AppLoadContext> | undefined) =>
  context?.content !== undefined

/** What the preview banner says is shown: the releases on top of drafts; none outside the preview. */
export const previewOf = (context: Readonly<AppLoadContext> | undefined) =>
  isPreview(context) ? {releases: context?.previewReleases ?? []} : undefined

export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) {
    throw new Error(
      `The Content Lake has no ${what}. Publish it in the Studio, or run \`npm run seed\`.`,
    )
  }
  return value
}

/** The copy of a page whose items come from the catalogue (title, intro, action label and hint, SEO). */
export async function loadSitePage(
  context: Readonly<AppLoadContext> | undefined,
  route: SitePageRoute,
) {
  return required(
    await contentFor(context).fetch(SITE_PAGE_QUERY, {route}),
    `page document for /${route}`,
  )
}
