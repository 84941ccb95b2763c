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
 * The published documents a transaction wrote and no later one changed: a document's `_rev` is the id of the
 * transaction that last wrote it (the mutate API answers that id, https://www.sanity.io/docs/http-mutations), so
 * the publish hook learns a whole release publish from the first of its webhooks.
 */
export const TRANSACTION_DOCUMENTS_QUERY = defineQuery(`*[_rev == $transactionId]{_id, _type}`)
