import {Link} from 'react-router'
import type {Route} from './+types/home'
import {PlanCards} from '../components/PlanCards.tsx'
import {contentFor, required} from '../content/load.server.ts'
import {pageMeta, siteFromMatches} from '../content/meta.ts'
import {HOME_PAGE_QUERY} from '@quantedge/content-access/queries'
import {useSiteSettings} from '../root.tsx'
import {clean} from '../content/clean.ts'

export async function loader({context}: Route.LoaderArgs) {
  const {home, plans, subscribeLabel} = await contentFor(context).fetch(HOME_PAGE_QUERY)
  return {
    home: required(home, 'home page document'),
    plans,
    subscribeLabel: subscribeLabel ?? 'Subscribe',
  }
}

export const meta: Route.MetaFunction = ({loaderData, matches, location}) =>
  pageMeta(loaderData.home.seo, siteFromMatches(matches), location.pathname)

export default function Home({loaderData}: Route.ComponentProps) {
  const {home, plans, subscribeLabel} = loaderData
  const settings = useSiteSettings()
  return (
    <>
      <section className="hero">
        <div className="hero-inner">
          <h1 className="hero-title">{home.heroTitle}</h1>
          <p className="hero-tagline">{home.heroTagline}</p>
          <Link to="/#services" className="button button-primary button-large">
            {home.heroButtonLabel}
          </Link>
        </div>
      </section>
      <section id="services" className="section" aria-labelledby="services-title">
        <h2 id="services-title" className="section-title">
          {home.integrationsTitle}
        </h2>
        <ul className="card-grid card-grid-3">
          {home.integrations.map((card) => (
            <li key={card._key} className="card integration-card">
              <h3 className="card-title">
                <Link to={clean(card.route)} className="card-link">
                  {card.title}
                </Link>
              </h3>
              <p>{card.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="subscribe" className="section" aria-labelledby="subscribe-title">
        <h2 id="subscribe-title" className="section-title">
          {home.plansTitle}
        </h2>
        <PlanCards
          plans={plans}
          subscribeLabel={subscribeLabel}
          subscribeUrl={settings.socialProfileUrl}
          headingLevel="h3"
        />
      </section>
    </>
  )
}
