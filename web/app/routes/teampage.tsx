import type {Route} from './+types/teampage'
import {PageIntro} from '../components/PageIntro.tsx'
import {RichText} from '../components/RichText.tsx'
import {loadSitePage} from '../content/load.server.ts'
import {seoMeta} from '../content/meta.ts'
import {useSiteSettings} from '../root.tsx'
import {clean} from '../content/clean.ts'

export async function loader({context}: Route.LoaderArgs) {
  return {page: await loadSitePage(context, 'teampage')}
}

export const meta: Route.MetaFunction = seoMeta

export default function TeamPage({loaderData}: Route.ComponentProps) {
  const {page} = loaderData
  return (
    <div className="page page-narrow">
      <PageIntro title={page.title} intro={page.intro} />
      {page.body && <RichText value={page.body} />}
      <aside className="callout">
        {page.actionHint && <p>{page.actionHint}</p>}
        <a
          className="button button-primary"
          href={clean(useSiteSettings().socialProfileUrl)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {page.actionLabel ?? 'Follow us'}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </aside>
    </div>
  )
}
