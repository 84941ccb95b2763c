// Every GROQ query the site runs. TypeGen reads these and writes their result types.
import {defineQuery} from 'groq'

export const SITE_SETTINGS_QUERY =
  defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  siteName,
  siteUrl,
  contactEmail,
  directMessageUrl,
  socialProfileUrl,
  socialProfiles[]{_key, network, url},
  learnItems,
  footerDisclaimer
}`)

export const HOME_PAGE_QUERY = defineQuery(`{
  "home": *[_type == "homePage" && _id == "homePage"][0]{
    heroTitle,
    heroTagline,
    heroButtonLabel,
    integrationsTitle,
    integrations[]{_key, title, description, route},
    plansTitle,
    seo
  },
  "subscribeLabel": *[_type == "sitePage" && route == "subscribe"][0].actionLabel,
  "plans": *[_type == "plan"] | order(order asc){_id, title, price, billingPeriod, features}
}`)

export const SITE_PAGE_QUERY = defineQuery(`*[_type == "sitePage" && route == $route][0]{
  title,
  intro,
  body,
  actionLabel,
  actionHint,
  seo
}`)

export const PLANS_QUERY = defineQuery(
  `*[_type == "plan"] | order(order asc){_id, title, price, billingPeriod, features}`,
)

export const INDICATORS_QUERY = defineQuery(`*[_type == "indicator"] | order(order asc){
  _id,
  name,
  "slug": slug.current,
  description,
  price,
  "video": {
    "url": coalesce(demoVideo.file.asset->url, demoVideo.url),
    "poster": demoVideo.poster{
      crop,
      hotspot,
      "asset": asset->{
        _id,
        url,
        "lqip": metadata.lqip,
        "background": metadata.palette.dominant.background
      }
    },
    "posterUrl": demoVideo.posterUrl,
    "caption": demoVideo.caption
  }
}`)

export const TOOLKIT_MODULES_QUERY = defineQuery(
  `*[_type == "toolkitModule"] | order(order asc){_id, name, description}`,
)

export const AUTOMATION_SERVICES_QUERY = defineQuery(
  `*[_type == "automationService"] | order(order asc){_id, name, description}`,
)

export const LEGAL_PAGE_QUERY = defineQuery(`*[_type == "legalPage" && slug.current == $slug][0]{
  title,
  lastUpdated,
  body,
  seo
}`)

/**
 * Every landing page's address, for the renderer's list of which page each path shows (the one rule:
 * @quantedge/schemas/landingPages), the sitemap and the draft preview.
 */
export const LANDING_PAGE_ROUTES_QUERY = defineQuery(
  `*[_type == "landingPage"]{_id, _createdAt, "slug": slug.current}`,
)

/**
 * One landing page by its id, with its sections as stored: each section's own fields, an offerings section's
 * items as the ids they reference (read by LANDING_OFFERINGS_QUERY). No reference is followed here: a page that
 * followed one would be read as depending on every document (@quantedge/content-access/documentTags), and every
 * publish would render every landing page again.
 */
export const LANDING_PAGE_QUERY = defineQuery(`*[_id == $id && _type == "landingPage"][0]{
  _id,
  title,
  "slug": slug.current,
  seo,
  sections[]{
    _key,
    _type,
    _type == "hero" => {heading, tagline, actionLabel, actionHref},
    _type == "offerings" => {heading, "items": items[]._ref},
    _type == "textSection" => {heading, body},
    _type == "estimateForm" => {heading},
    _type == "callToAction" => {label, href}
  }
}`)

/** The catalogue documents a landing page's offerings name, by id, with their assets as ids (LANDING_ASSETS_QUERY). */
export const LANDING_OFFERINGS_QUERY =
  defineQuery(`*[_id in $ids && _type in ["indicator", "toolkitModule", "automationService", "plan"]]{
  _id,
  _type,
  _type == "indicator" => {
    name,
    "slug": slug.current,
    description,
    price,
    "video": {
      "url": demoVideo.url,
      "fileAsset": demoVideo.file.asset._ref,
      "poster": demoVideo.poster{crop, hotspot, "asset": asset._ref},
      "posterUrl": demoVideo.posterUrl,
      "caption": demoVideo.caption
    }
  },
  _type in ["toolkitModule", "automationService"] => {name, description},
  _type == "plan" => {title, price, billingPeriod, features}
}`)

/** Uploaded assets by id: an indicator's poster and clip on a landing page. */
export const LANDING_ASSETS_QUERY = defineQuery(`*[_id in $ids]{
  _id,
  url,
  "lqip": metadata.lqip,
  "background": metadata.palette.dominant.background
}`)

/** The action labels and hints the catalogue's own pages give their cards, for the same cards on landing pages. */
export const CARD_ACTIONS_QUERY = defineQuery(
  `*[_id in $ids && _type == "sitePage"]{route, actionLabel, actionHint}`,
)

/** Every redirect, for the site's `_redirects` (the one rule: @quantedge/schemas/redirects). */
export const REDIRECTS_QUERY = defineQuery(
  `*[_type == "redirect"]{_id, _createdAt, from, to, permanent}`,
)

/**
 * The published documents a transaction wrote and no later one changed: a document's `_rev` is the id of the
 * transaction that last wrote it (the mutate API answers that id, https://www.sanity.io/docs/http-mutations), so
 * the publish hook learns a whole release publish from the first of its webhooks.
 */
export const TRANSACTION_DOCUMENTS_QUERY = defineQuery(`*[_rev == $transactionId]{_id, _type}`)
