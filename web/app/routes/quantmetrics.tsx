import type {Route} from './+types/quantmetrics'
import {PageIntro} from '../components/PageIntro.tsx'
import {loadSitePage} from '../content/load.server.ts'
import {seoMeta} from '../content/meta.ts'

export async function loader({context}: Route.LoaderArgs) {
  return {page: await loadSitePage(context, 'quantmetrics')}
}

export const meta: Route.MetaFunction = seoMeta

export default function QuantMetrics({loaderData}: Route.ComponentProps) {
  return (
    <div className="page page-narrow page-centered">
      <PageIntro title={loaderData.page.title} intro={loaderData.page.intro} />
    </div>
  )
}
