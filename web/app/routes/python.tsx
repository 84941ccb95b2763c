import type {Route} from './+types/python'
import {CatalogueCards} from '../components/CatalogueCards.tsx'
import {PageIntro} from '../components/PageIntro.tsx'
import {contentFor, loadSitePage} from '../content/load.server.ts'
import {seoMeta} from '../content/meta.ts'
import {TOOLKIT_MODULES_QUERY} from '@quantedge/content-access/queries'
import {useSiteSettings} from '../root.tsx'

export async function loader({context}: Route.LoaderArgs) {
  const [page, modules] = await Promise.all([
    loadSitePage(context, 'python'),
    contentFor(context).fetch(TOOLKIT_MODULES_QUERY),
  ])
  return {page, modules}
}

export const meta: Route.MetaFunction = seoMeta

export default function Python({loaderData}: Route.ComponentProps) {
  const {page, modules} = loaderData
  return (
    <div className="page">
      <PageIntro title={page.title} intro={page.intro} />
      <CatalogueCards
        items={modules}
        actionLabel={page.actionLabel ?? 'Explore'}
        actionUrl={useSiteSettings().directMessageUrl}
      />
    </div>
  )
}
