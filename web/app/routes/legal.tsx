import {useEffect} from 'react'
import type {Route} from './+types/legal'
import {RichText} from '../components/RichText.tsx'
import {formatDate} from '../content/format.ts'
import {contentFor, required} from '../content/load.server.ts'
import {seoMeta} from '../content/meta.ts'
import {LEGAL_PAGE_QUERY} from '@quantedge/content-access/queries'

export async function loader({request, context}: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/|\/$/g, '')
  return {
    page: required(
      await contentFor(context).fetch(LEGAL_PAGE_QUERY, {slug}),
      `legal text "${slug}"`,
    ),
  }
}

export const meta: Route.MetaFunction = seoMeta

export default function LegalPage({loaderData}: Route.ComponentProps) {
  const {page} = loaderData
  // Legal texts open at the top, whichever scroll position the visitor left.
  useEffect(() => window.scrollTo({top: 0, behavior: 'instant'}), [page.title])
  return (
    <article className="page page-narrow">
      <header className="page-intro">
        <h1>{page.title}</h1>
        <p className="muted">
          Last updated <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated)}</time>
        </p>
      </header>
      <RichText value={page.body} />
    </article>
  )
}
