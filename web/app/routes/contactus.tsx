import type {Route} from './+types/contactus'
import {PageIntro} from '../components/PageIntro.tsx'
import {loadSitePage} from '../content/load.server.ts'
import {seoMeta} from '../content/meta.ts'
import {EstimateForm} from '../estimate/EstimateForm.tsx'

export async function loader({context}: Route.LoaderArgs) {
  return {page: await loadSitePage(context, 'contactus')}
}

export const meta: Route.MetaFunction = seoMeta

export default function ContactUs({loaderData}: Route.ComponentProps) {
  const {page} = loaderData
  return (
    <div className="page page-narrow">
      <PageIntro title={page.title} intro={page.intro} />
      <EstimateForm submitLabel={page.actionLabel ?? 'Submit'} />
    </div>
  )
}
