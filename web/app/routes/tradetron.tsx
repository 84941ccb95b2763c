import type {Route} from './+types/tradetron'
import {CatalogueCards} from '../components/CatalogueCards.tsx'
import {PageIntro} from '../components/PageIntro.tsx'
import {contentFor, loadSitePage} from '../content/load.server.ts'
import {seoMeta} from '../content/meta.ts'
import {AUTOMATION_SERVICES_QUERY} from '@quantedge/content-access/queries'
import {useSiteSettings} from '../root.tsx'

export async function loader({context}: Route.LoaderArgs) {
  const [page, services] = await Promise.all([
    loadSitePage(context, 'tradetron'),
    contentFor(context).fetch(AUTOMATION_SERVICES_QUERY),
  ])
  return {page, services}
}

export const meta: Route.MetaFunction = seoMeta

export default function Tradetron({loaderData}: Route.ComponentProps) {
  const {page, services} = loaderData
  return (
    <div className="page">
      <PageIntro title={page.title} intro={page.intro} />
      <CatalogueCards
        items={services}
        actionLabel={page.actionLabel ?? 'Explore'}
        actionUrl={useSiteSettings().socialProfileUrl}
      />
    </div>
  )
}
