// A landing page's content as its sections show it. Which document a path shows is decided once, by the rule in
// @quantedge/schemas/landingPages: the renderer hands its decision over in the load context; the draft preview
// and the development server, which have no renderer, apply the same rule to the lake's addresses themselves.
// The page is then read by its id, and what its offerings name by theirs, so its recorded reads name exactly
// those documents (@quantedge/content-access/reads): a price change renders again only the landing pages that
// show that indicator. What an editor wrote past the Studio's validation (through the API, say) is shown where it
// is whole and left out where it is not, each omission logged with the document and why, so one bad section never
// takes a page, or the site, down.
import type {AppLoadContext} from 'react-router'
import type {
  INDICATORS_QUERY_RESULT,
  LANDING_ASSETS_QUERY_RESULT,
  LANDING_OFFERINGS_QUERY_RESULT,
  LANDING_PAGE_QUERY_RESULT,
  PLANS_QUERY_RESULT,
} from '@quantedge/schemas/types'
import {landingPagePaths} from '@quantedge/schemas/landingPages'
import {sitePageId} from '@quantedge/schemas/fixed'
import {
  CARD_ACTIONS_QUERY,
  LANDING_ASSETS_QUERY,
  LANDING_OFFERINGS_QUERY,
  LANDING_PAGE_QUERY,
  LANDING_PAGE_ROUTES_QUERY,
} from '@quantedge/content-access/queries'
import {clean} from '../content/clean.ts'
import {contentFor} from '../content/load.server.ts'
import {logFor} from '../content/renderLog.server.ts'
import {firstPosterImage, posterImage, type PosterImage} from '../content/posterImage.server.ts'

declare module 'react-router' {
  interface AppLoadContext {
    /** The landing page the renderer decided a path shows (web/prerender/landingPages.ts). */
    landingPageId?: string
  }
}

type StoredSection = NonNullable<LANDING_PAGE_QUERY_RESULT>['sections'][number]
type Stored<Type extends StoredSection['_type']> = Extract<StoredSection, {_type: Type}>
type Offering = LANDING_OFFERINGS_QUERY_RESULT[number]
type Indicator = INDICATORS_QUERY_RESULT[number]
/** An uploaded image or file: the only documents with a URL the assets query can find. */
type Asset = Extract<LANDING_ASSETS_QUERY_RESULT[number], {url: string}>

/** A card of an offerings section, as the catalogue's own pages show that kind of document. */
export type OfferingCard =
  | {kind: 'indicator'; indicator: Indicator; poster: PosterImage | null; eager: boolean}
  | {
      kind: 'toolkitModule' | 'automationService'
      item: {_id: string; name: string; description: string}
    }
  | {kind: 'plan'; plan: PLANS_QUERY_RESULT[number]}

export type LandingSection =
  | Stored<'hero'>
  | Stored<'textSection'>
  | Stored<'estimateForm'>
  | Stored<'callToAction'>
  | {_key: string; _type: 'offerings'; heading: string; cards: OfferingCard[]}

/** The labels and hint each kind of card has on the catalogue's own page (its sitePage), with the spec's defaults. */
export type CardActions = {
  buyLabel: string
  buyHint: string
  exploreLabel: string
  serviceLabel: string
  subscribeLabel: string
  submitLabel: string
}

export type LandingView = {
  id: string
  title: string
  seo: {title: string; description: string}
  sections: LandingSection[]
  actions: CardActions
}

type Context = Readonly<AppLoadContext> | undefined

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/** A link the site will render: a path of its own, a section of the page, or an https address. */
const isLink = (value: unknown): value is string =>
  typeof value === 'string' && /^(\/(?!\/)|#|https:\/\/)/.test(value)

/** Which landing page `slug` shows, by the one rule; for the preview and the development server. */
async function lookUp(context: Context, slug: string) {
  const {paths} = landingPagePaths(await contentFor(context).fetch(LANDING_PAGE_ROUTES_QUERY))
  return paths.get(`/${slug}`)
}

/** Why a stored section cannot be shown, or undefined when it is whole. */
function sectionProblem(section: StoredSection | null): string | undefined {
  if (!section || typeof section !== 'object') return 'an empty section'
  switch (section._type) {
    case 'hero':
      if (!isText(section.heading) || !isText(section.tagline))
        return 'a hero needs a heading and a tagline'
      if (section.actionHref && !isLink(section.actionHref))
        return `a hero's link "${section.actionHref}" is not a path, #section or https address`
      return undefined
    case 'offerings':
      return isText(section.heading) && Array.isArray(section.items)
        ? undefined
        : 'offerings need a heading and items'
    case 'textSection':
      return isText(section.heading) && Array.isArray(section.body) && section.body.length > 0
        ? undefined
        : 'a text section needs a heading and text'
    case 'estimateForm':
      return isText(section.heading) ? undefined : 'an estimate form needs a heading'
    case 'callToAction':
      return isText(section.label) && isLink(section.href)
        ? undefined
        : 'a call to action needs a label and a path, #section or https address'
    default:
      return `the unknown section type "${(section as {_type?: unknown})._type}"`
  }
}

/** An indicator's video as the indicators page's query gives it, from its stored asset ids. */
function indicatorOf(
  offering: Extract<Offering, {_type: 'indicator'; name: string}>,
  assets: Map<string, Asset>,
): Indicator {
  const {video} = offering
  const poster = video.poster
  return {
    _id: offering._id,
    name: offering.name,
    slug: offering.slug,
    description: offering.description,
    price: offering.price,
    video: {
      url: (video.fileAsset ? assets.get(video.fileAsset)?.url : undefined) ?? video.url,
      poster: poster
        ? {
            crop: poster.crop,
            hotspot: poster.hotspot,
            asset: (poster.asset && assets.get(poster.asset)) || null,
          }
        : null,
      posterUrl: video.posterUrl,
      caption: video.caption,
    },
  }
}

/**
 * A card for a catalogue document. The page's first poster, when offerings open the page, is its largest paint:
 * inlined and loaded with the page, as the indicators page's first (firstPosterImage); any other loads once the page
 * has.
 */
async function cardOf(
  offering: Offering,
  assets: Map<string, Asset>,
  {first}: {first: boolean},
): Promise<OfferingCard | undefined> {
  if (offering._type === 'indicator' && 'name' in offering) {
    const indicator = indicatorOf(offering, assets)
    const poster = first
      ? await firstPosterImage(indicator.video)
      : await posterImage(indicator.video, {first: false})
    return {kind: 'indicator', indicator, poster, eager: first}
  }
  if (
    (offering._type === 'toolkitModule' || offering._type === 'automationService') &&
    'name' in offering
  )
    return {
      kind: offering._type,
      item: {_id: offering._id, name: offering.name, description: offering.description},
    }
  if (offering._type === 'plan' && 'title' in offering) return {kind: 'plan', plan: offering}
  return undefined
}

/**
 * The published catalogue documents the page's offerings name, and then their assets: one query per document, all
 * at once. A release that renders many landing pages (a price they all show) asks each question of the lake once
 * for all of them (@quantedge/content-access/reads: sharingAnswers), where a query per page's set of ids was a new
 * question on every page (200 pages: about 400 fewer queries, half the lake's work, ~2 ms of the renderer's per
 * page). The tags recorded are the same: each document's id.
 */
async function readOfferings(context: Context, ids: string[]) {
  const offerings = await Promise.all(
    ids.map((id) => contentFor(context).fetch(LANDING_OFFERINGS_QUERY, {ids: [id]})),
  )
  return new Map(offerings.flat().map((offering) => [offering._id, offering]))
}

/** The uploaded assets (posters, clips) of `offerings`' indicators, by id. */
async function readAssets(context: Context, offerings: Iterable<Offering>) {
  const ids = [...offerings].flatMap((offering) =>
    offering._type === 'indicator' && 'video' in offering
      ? [offering.video.fileAsset, offering.video.poster?.asset].filter(isText)
      : [],
  )
  const found = (
    await Promise.all(
      [...new Set(ids)].map((id) => contentFor(context).fetch(LANDING_ASSETS_QUERY, {ids: [id]})),
    )
  ).flat()
  const assets = found.filter((asset): asset is Asset => typeof asset.url === 'string')
  return new Map(assets.map((asset) => [asset._id, asset]))
}

const CARD_PAGES = ['tradingview', 'python', 'tradetron', 'subscribe', 'contactus'] as const

async function readCardActions(context: Context): Promise<CardActions> {
  const pages = await contentFor(context).fetch(CARD_ACTIONS_QUERY, {
    ids: CARD_PAGES.map(sitePageId),
  })
  const of = (route: (typeof CARD_PAGES)[number]) => pages.find((page) => page.route === route)
  return {
    buyLabel: of('tradingview')?.actionLabel ?? 'Buy Now',
    buyHint: of('tradingview')?.actionHint ?? 'Send us a direct message and mention “{name}”.',
    exploreLabel: of('python')?.actionLabel ?? 'Explore',
    serviceLabel: of('tradetron')?.actionLabel ?? 'Explore',
    subscribeLabel: of('subscribe')?.actionLabel ?? 'Subscribe',
    submitLabel: of('contactus')?.actionLabel ?? 'Submit',
  }
}

/**
 * The landing page at /<slug> with the sections that can be shown; undefined when none is published there, or
 * when none of its sections can be shown (each omission logged).
 */
export async function loadLandingPage(
  context: Context,
  slug: string,
): Promise<LandingView | undefined> {
  const id = context?.landingPageId ?? (await lookUp(context, slug))
  if (!id) return undefined
  const note = (what: string) => logFor(context).warn({landingPage: id}, `landing page: ${what}`)
  const page = await contentFor(context).fetch(LANDING_PAGE_QUERY, {id})
  if (!page) return undefined
  const whole = (page.sections ?? []).flatMap((section, index) => {
    const problem = sectionProblem(section)
    if (problem) note(`section ${index + 1} left out: ${problem}`)
    return problem ? [] : [section]
  })
  const offeringIds = whole.flatMap((section) =>
    section._type === 'offerings' ? section.items.filter(isText).map(clean) : [],
  )
  const offerings = await readOfferings(context, [...new Set(offeringIds)])
  const assets = await readAssets(context, offerings.values())
  const sections: LandingSection[] = []
  for (const section of whole) {
    if (section._type !== 'offerings') {
      sections.push(section)
      continue
    }
    const cards: OfferingCard[] = []
    for (const ref of section.items.filter(isText).map(clean)) {
      const offering = offerings.get(ref)
      const opensPage = sections.length === 0 && !cards.some(({kind}) => kind === 'indicator')
      const card = offering && (await cardOf(offering, assets, {first: opensPage}))
      if (card) cards.push(card)
      else
        note(
          `"${section.heading}" leaves out ${ref}: it is not a published indicator, module, service or plan`,
        )
    }
    if (cards.length > 0)
      sections.push({_key: section._key, _type: 'offerings', heading: section.heading, cards})
    else note(`"${section.heading}" left out: none of its items is published`)
  }
  if (sections.length === 0) {
    note('left out: none of its sections can be shown')
    return undefined
  }
  const title = isText(page.title) ? page.title : slug
  return {
    id,
    title,
    // The Studio requires it; a document written without one still gets a title and the site's description.
    seo: page.seo ?? {title, description: ''},
    sections,
    actions: await readCardActions(context),
  }
}
