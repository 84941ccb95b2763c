// Every address no fixed page has: a landing page when one is published at /<slug>, else the not-found page. The
// not-found page is prerendered at /404, which the site server answers any unknown address with; landing pages
// are rendered at their own addresses by the renderer (web/prerender/landingPages.ts), which also passes the
// document it decided each address shows.
import {data, isRouteErrorResponse} from 'react-router'
import type {Route} from './+types/landingPage'
import {NOT_FOUND_META, NotFound} from '../components/NotFound.tsx'
import {pageMeta, siteFromMatches} from '../content/meta.ts'
import {LandingSections} from '../landing/LandingSections.tsx'
import {loadLandingPage} from '../landing/loadLanding.server.ts'

/** The not-found page's own address, which no landing page can take (@quantedge/schemas/landingPages). */
const NOT_FOUND_PATH = '404'

export async function loader({params, context}: Route.LoaderArgs) {
  const slug = params['*'] ?? ''
  if (slug === NOT_FOUND_PATH) return {landing: null}
  const landing = await loadLandingPage(context, slug)
  if (!landing) throw data(null, {status: 404})
  return {landing}
}

export const meta: Route.MetaFunction = ({loaderData, matches, location}) =>
  loaderData?.landing
    ? pageMeta(loaderData.landing.seo, siteFromMatches(matches), location.pathname)
    : NOT_FOUND_META

export default function LandingPage({loaderData}: Route.ComponentProps) {
  return loaderData.landing ? <LandingSections page={loaderData.landing} /> : <NotFound />
}

/** A page the browser moved to that is not there (its data answered 404) is the not-found page too. */
export function ErrorBoundary({error}: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  throw error
}
