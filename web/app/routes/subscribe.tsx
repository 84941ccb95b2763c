import type {Route} from './+types/subscribe'
import {PageIntro} from '../components/PageIntro.tsx'
import {PlanCards} from '../components/PlanCards.tsx'
import {contentFor, loadSitePage} from '../content/load.server.ts'
import {seoMeta} from '../content/meta.ts'
import {PLANS_QUERY} from '@quantedge/content-access/queries'
import {useSiteSettings} from '../root.tsx'

export async function loader({context}: Route.LoaderArgs) {
  const [page, plans] = await Promise.all([
    loadSitePage(context, 'subscribe'),
    contentFor(context).fetch(PLANS_QUERY),
  ])
  return {page, plans}
}

export const meta: Route.MetaFunction = seoMeta

export default function Subscribe({loaderData}: Route.ComponentProps) {
  const {page, plans} = loaderData
  return (
    <div className="page">
      <PageIntro title={page.title} intro={page.intro} />
      <PlanCards
        plans={plans}
        subscribeLabel={page.actionLabel ?? 'Subscribe'}
        subscribeUrl={useSiteSettings().socialProfileUrl}
        headingLevel="h2"
      />
    </div>
  )
}
