// The site's pages, in the spec's order: the one list every side reads. The router makes a route of each
// (web/app/routes.ts), the sitemap lists the public ones, the Studio offers the fixed documents that hold their
// copy, and the Presentation tool opens a document beside the pages that show it. A new page of the site's own
// is one entry here plus its route module; a campaign's page is a landing page marketing makes in the Studio,
// shown by the catch-all route at an address the fixed pages leave free (landingPages.ts).
import type {AllSanitySchemaTypes} from './generated/sanity.types.ts'

type DocumentType = Extract<AllSanitySchemaTypes, {_id: string}>['_type']

export type Page = {
  /**
   * Where it is served; '*' is every address no other page has: a landing page published at it
   * (@quantedge/schemas/landingPages), else the not-found page.
   */
  readonly path: string
  /** What editors call it: the Studio's and the Presentation tool's name for it. */
  readonly title: string
  /** Its route module, relative to web/app. */
  readonly module: string
  /**
   * The fixed document holding its copy (heading, introduction, search and sharing): the homePage singleton,
   * the sitePage whose route is the path, or the legalPage whose slug is the path.
   */
  readonly copy?: 'homePage' | 'sitePage' | 'legalPage'
  /** Document types whose documents it lists, each in the section at `anchor` or from the top. */
  readonly lists?: readonly {readonly type: DocumentType; readonly anchor?: string}[]
  /** In sitemap.xml, for search engines to find; every page is, unless it says false. */
  readonly sitemap?: false
  /** Rendered into HTML at build time; every page is, unless it says false (then the browser renders it). */
  readonly prerender?: false
}

export const pages = [
  {
    path: '/',
    title: 'Home',
    module: 'routes/home.tsx',
    copy: 'homePage',
    lists: [{type: 'plan', anchor: 'subscribe'}],
  },
  {
    path: '/tradingview',
    title: 'TradingView indicators',
    module: 'routes/tradingview.tsx',
    copy: 'sitePage',
    lists: [{type: 'indicator'}],
  },
  {
    path: '/python',
    title: 'Python toolkit',
    module: 'routes/python.tsx',
    copy: 'sitePage',
    lists: [{type: 'toolkitModule'}],
  },
  {
    path: '/tradetron',
    title: 'Tradetron services',
    module: 'routes/tradetron.tsx',
    copy: 'sitePage',
    lists: [{type: 'automationService'}],
  },
  {path: '/contactus', title: 'Contact', module: 'routes/contactus.tsx', copy: 'sitePage'},
  {
    path: '/subscribe',
    title: 'Plans',
    module: 'routes/subscribe.tsx',
    copy: 'sitePage',
    lists: [{type: 'plan'}],
  },
  {
    path: '/quantmetrics',
    title: 'Quant Metrics',
    module: 'routes/quantmetrics.tsx',
    copy: 'sitePage',
  },
  {path: '/teampage', title: 'About', module: 'routes/teampage.tsx', copy: 'sitePage'},
  {path: '/privacy', title: 'Privacy Policy', module: 'routes/legal.tsx', copy: 'legalPage'},
  {path: '/terms', title: 'Terms & Conditions', module: 'routes/legal.tsx', copy: 'legalPage'},
  {path: '/disclaimer', title: 'Disclaimer', module: 'routes/legal.tsx', copy: 'legalPage'},
  {
    path: '/account/confirmed',
    title: 'E-mail confirmed',
    module: 'routes/account/confirmed.tsx',
    sitemap: false,
  },
  {
    path: '/account/reset-password',
    title: 'Reset password',
    module: 'routes/account/resetPassword.tsx',
    sitemap: false,
  },
  {
    path: '/staff',
    title: 'Staff: leads',
    module: 'routes/staff.tsx',
    sitemap: false,
    prerender: false,
  },
  {path: '/sitemap.xml', title: 'Sitemap', module: 'routes/sitemap.ts', sitemap: false},
  {path: '/robots.txt', title: 'Rules for crawlers', module: 'routes/robots.ts', sitemap: false},
  {
    path: '*',
    title: 'Landing page, or page not found',
    module: 'routes/landingPage.tsx',
    sitemap: false,
  },
] as const satisfies readonly Page[]

/** The public pages, in the list's order: what sitemap.xml lists. */
export const sitemapPaths: readonly string[] = pages
  .filter((page: Page) => page.sitemap !== false)
  .map(({path}) => path)

/** The pages the browser renders (prerender: false): a static host answers them with React Router's SPA fallback. */
export const clientRenderedPaths: readonly string[] = pages
  .filter((page: Page) => page.prerender === false)
  .map(({path}) => path)
