// Which pages show each document type, so the Presentation tool can open them beside the editor.
import {defineLocations, type DocumentLocationResolvers} from 'sanity/presentation'

const everyPage = [
  {title: 'Home', href: '/'},
  {title: 'TradingView indicators', href: '/tradingview'},
  {title: 'Contact', href: '/contactus'},
]

export const locations: DocumentLocationResolvers = {
  siteSettings: defineLocations({
    message: 'Shown in the header and footer of every page',
    locations: everyPage,
  }),
  homePage: defineLocations({locations: [{title: 'Home', href: '/'}]}),
  sitePage: defineLocations({
    select: {title: 'title', route: 'route'},
    resolve: (doc) =>
      doc?.route ? {locations: [{title: doc.title ?? doc.route, href: `/${doc.route}`}]} : null,
  }),
  indicator: defineLocations({
    select: {title: 'name'},
    resolve: (doc) => ({
      locations: [
        {title: `${doc?.title ?? 'Indicator'} on TradingView indicators`, href: '/tradingview'},
      ],
    }),
  }),
  toolkitModule: defineLocations({
    locations: [{title: 'Backtesting & Strategy Toolkit', href: '/python'}],
  }),
  automationService: defineLocations({
    locations: [{title: 'Tradetron Automation Services', href: '/tradetron'}],
  }),
  plan: defineLocations({
    locations: [
      {title: 'Home', href: '/#subscribe'},
      {title: 'Plans', href: '/subscribe'},
    ],
  }),
  legalPage: defineLocations({
    select: {title: 'title', slug: 'slug.current'},
    resolve: (doc) =>
      doc?.slug ? {locations: [{title: doc.title ?? doc.slug, href: `/${doc.slug}`}]} : null,
  }),
}
