// Landing pages as marketing composes them, for the campaign bench: a hero, 2 to 6 of the catalogue's documents
// (Straddle on every page, so that one price shows on all of them), terms of several KB of rich text, the estimate
// form and a call to action. Deterministic, so a run can be replayed.
import {seedDocuments} from '@quantedge/seed/documents'
import {block, numbers} from './lakeDocuments.ts'

/** The indicator every bench landing page shows. */
export const SHARED_INDICATOR = 'indicator-straddle'

const CATALOGUE = seedDocuments
  .filter(({_type}) => ['indicator', 'toolkitModule', 'automationService', 'plan'].includes(_type))
  .map(({_id}) => _id)
  .filter((id) => id !== SHARED_INDICATOR)

export const benchLandingSlug = (index: number) => `campaign-${String(index).padStart(3, '0')}`

export function benchLandingPage(index: number) {
  const next = numbers(index * 48_611 + 7)
  const items = new Set([SHARED_INDICATOR])
  const count = 2 + next(5)
  while (items.size < count) items.add(CATALOGUE[next(CATALOGUE.length)]!)
  return {
    _id: `landing-bench-${index}`,
    _type: 'landingPage',
    title: `Campaign ${index}`,
    slug: {_type: 'slug', current: benchLandingSlug(index)},
    seo: {
      _type: 'seo',
      title: `Campaign ${index}: indicators for options traders`,
      description:
        'A campaign page of the bench: indicators and toolkits for options traders, the terms of the offer and a free estimate.',
    },
    sections: [
      {
        _key: 'hero',
        _type: 'hero',
        heading: `Campaign ${index}: trade with a clear view`,
        tagline: 'Indicators and toolkits for options traders, for a few weeks only.',
        actionLabel: 'Get a free estimate',
        actionHref: '#estimate',
      },
      {
        _key: 'offer',
        _type: 'offerings',
        heading: 'On offer',
        items: [...items].map((id) => ({_key: id, _type: 'reference', _ref: id})),
      },
      {
        _key: 'terms',
        _type: 'textSection',
        heading: 'Terms of the offer',
        body: Array.from({length: 6}, () => block(next)),
      },
      {_key: 'estimate', _type: 'estimateForm', heading: 'Tell us about your strategy'},
      {_key: 'more', _type: 'callToAction', label: 'See all indicators', href: '/tradingview'},
    ],
  }
}
