import {useRef} from 'react'
import type {INDICATORS_QUERY_RESULT} from '@quantedge/schemas/types'
import {fillName, formatRupees} from '../content/format.ts'
import {DemoVideo} from './DemoVideo.tsx'
import {Dialog} from './Dialog.tsx'
import {clean} from '../content/clean.ts'

type Indicator = INDICATORS_QUERY_RESULT[number]
type Props = {
  indicator: Indicator
  buyLabel: string
  hint: string
  directMessageUrl: string
  onClose: () => void
}

/** One indicator in a dialog: its demo, what it does, its price and how to buy it. */
export function IndicatorModal({indicator, buyLabel, hint, directMessageUrl, onClose}: Props) {
  // The video's controls would take focus first; Close is the safer start.
  const closeButton = useRef<HTMLButtonElement>(null)
  const titleId = `indicator-${clean(indicator.slug)}-title`
  return (
    <Dialog labelledBy={titleId} onClose={onClose} initialFocus={closeButton}>
      <DemoVideo video={indicator.video} title={indicator.name} startPlaying />
      <h2 id={titleId}>{indicator.name}</h2>
      <p>{indicator.description}</p>
      <p className="modal-price">{formatRupees(indicator.price)}</p>
      <a className="button button-primary" href={clean(directMessageUrl)} target="_blank" rel="noopener noreferrer">
        {buyLabel}
        <span className="visually-hidden"> {indicator.name} by direct message (opens in a new tab)</span>
      </a>
      <p className="modal-hint">{fillName(hint, indicator.name)}</p>
      <button ref={closeButton} type="button" className="button button-secondary" onClick={onClose}>
        Close
      </button>
    </Dialog>
  )
}
