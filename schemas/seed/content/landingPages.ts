// An example campaign page, so a newcomer meets one in the Studio (Landing pages) and on the site at
// /example-festival-offer: every kind of section, in the spec's voice and the site's look. Marketing edits or
// deletes it like any other landing page.
import type {LandingPage} from '@quantedge/schemas/types'
import {richText, type SeedDocument} from '../types.ts'

export const exampleLandingPage: SeedDocument<LandingPage> = {
  _id: 'landingPage-example-festival-offer',
  _type: 'landingPage',
  title: 'Example: festival offer',
  slug: {_type: 'slug', current: 'example-festival-offer'},
  seo: {
    _type: 'seo',
    title: 'Festival offer: Straddle and Strangle — QuantEdge',
    description:
      'An example campaign page: two TradingView indicators for options traders, the terms of the offer, and a free estimate for your own strategy.',
  },
  sections: [
    {
      _key: 'hero',
      _type: 'hero',
      heading: 'Trade the festival season with a clear view',
      tagline:
        'Straddle and Strangle, our two most-used TradingView indicators for options traders, at ₹500 each.',
      actionLabel: 'Get a free estimate',
      actionHref: '#estimate',
    },
    {
      _key: 'indicators',
      _type: 'offerings',
      heading: 'The indicators on offer',
      items: [
        {_key: 'straddle', _type: 'reference', _ref: 'indicator-straddle'},
        {_key: 'strangle', _type: 'reference', _ref: 'indicator-strangle'},
      ],
    },
    {
      _key: 'terms',
      _type: 'textSection',
      heading: 'Terms of the offer',
      body: richText('example-terms', [
        [
          'normal',
          'This is an example landing page: marketing composes pages like it in the Studio, from sections, and publishes them without a deploy.',
        ],
        ['bullet', 'Each indicator is ₹500, paid once; send us a direct message to buy.'],
        ['bullet', 'Access is for one TradingView account and is not transferable.'],
        [
          'bullet',
          'The tools are educational only: we are not registered advisors, and trading carries a risk of total loss.',
        ],
      ]),
    },
    {_key: 'estimate', _type: 'estimateForm', heading: 'Tell us about your strategy'},
    {_key: 'more', _type: 'callToAction', label: 'See all indicators', href: '/tradingview'},
  ],
}
