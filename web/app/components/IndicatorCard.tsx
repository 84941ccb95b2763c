import type {INDICATORS_QUERY_RESULT} from '@quantedge/schemas/types'
import {formatRupees} from '@quantedge/schemas/price'
import {clean} from '../content/clean.ts'
import type {PosterImage} from '../content/posterImage.server.ts'
import {DemoVideo} from './DemoVideo.tsx'

type Indicator = INDICATORS_QUERY_RESULT[number]

/** The id of an indicator's dialog (IndicatorModal), which its card's button opens. */
export const indicatorDialogId = (indicator: {slug: string}) => `indicator-${clean(indicator.slug)}`

/**
 * An indicator's card: its demo, name, description and price, and a button that opens its dialog (rendered
 * beside the list, IndicatorModal) before any script has run, through the button's command.
 */
export function IndicatorCard({
  indicator,
  poster,
  eager = false,
  buyLabel,
  headingLevel: Heading,
}: {
  indicator: Indicator
  poster: PosterImage | null
  eager?: boolean
  buyLabel: string
  /** h2 directly below the page's h1, h3 below a section's heading. */
  headingLevel: 'h2' | 'h3'
}) {
  return (
    <li className="card indicator-card">
      <DemoVideo video={indicator.video} poster={poster} title={indicator.name} eager={eager} />
      <Heading className="card-title">{indicator.name}</Heading>
      <p>{indicator.description}</p>
      <p className="card-price">{formatRupees(indicator.price)}</p>
      <button
        type="button"
        className="button button-primary"
        aria-haspopup="dialog"
        commandfor={indicatorDialogId(indicator)}
        command="show-modal"
      >
        {buyLabel}
        <span className="visually-hidden"> {indicator.name}</span>
      </button>
    </li>
  )
}
