import {useEffect, useRef} from 'react'
import type {INDICATORS_QUERY_RESULT} from '@quantedge/schemas/types'
import {fillName, formatRupees} from '../content/format.ts'
import {DemoVideo} from './DemoVideo.tsx'

type Indicator = INDICATORS_QUERY_RESULT[number]
type Props = {
  indicator: Indicator
  buyLabel: string
  hint: string
  directMessageUrl: string
  onClose: () => void
}

/** A modal dialog for one indicator: native <dialog>, so focus, Escape and the accessibility tree come for free. */
export function IndicatorModal({indicator, buyLabel, hint, directMessageUrl, onClose}: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    element.showModal()
    // showModal() would focus the first focusable element, the video's controls; Close is the safer start.
    closeButton.current?.focus()
    return () => {
      element.close()
      opener?.focus()
    }
  }, [])

  const titleId = `indicator-${indicator.slug}-title`
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="modal-body">
        <DemoVideo video={indicator.video} title={indicator.name} startPlaying />
        <h2 id={titleId}>{indicator.name}</h2>
        <p>{indicator.description}</p>
        <p className="modal-price">{formatRupees(indicator.price)}</p>
        <a className="button button-primary" href={directMessageUrl} target="_blank" rel="noopener noreferrer">
          {buyLabel}
          <span className="visually-hidden"> {indicator.name} by direct message (opens in a new tab)</span>
        </a>
        <p className="modal-hint">{fillName(hint, indicator.name)}</p>
        <button ref={closeButton} type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  )
}
