import {useRef} from 'react'
import type {INDICATORS_QUERY_RESULT} from '@quantedge/schemas/types'
import {clean} from '../content/clean.ts'
import {formatRupees} from '@quantedge/schemas/price'
import {fillName} from '../content/format.ts'
import {Dialog} from './Dialog.tsx'

type Indicator = INDICATORS_QUERY_RESULT[number]
type Props = {
  id: string
  indicator: Indicator
  /** The poster's URL, shown behind the clip until it plays. */
  poster: string | null
  buyLabel: string
  hint: string
  directMessageUrl: string
}

/**
 * One indicator in a dialog, prerendered closed: its demo, what it does, its price and how to buy it.
 * The clip's bytes are fetched only when the dialog opens (it starts playing then) or play is pressed.
 */
export function IndicatorModal({id, indicator, poster, buyLabel, hint, directMessageUrl}: Props) {
  // The video's controls would take focus first; Close is the safer start.
  const closeButton = useRef<HTMLButtonElement>(null)
  const video = useRef<HTMLVideoElement>(null)
  const titleId = `${id}-title`
  const {url, caption} = indicator.video
  return (
    <Dialog
      id={id}
      labelledBy={titleId}
      initialFocus={closeButton}
      onToggle={(open) => {
        if (open) void video.current?.play().catch(() => {})
        else video.current?.pause()
      }}
    >
      {url && (
        <video
          ref={video}
          className="demo-video"
          controls
          muted
          playsInline
          preload="none"
          // A poster attribute is fetched even while the dialog is closed; a background only once it shows.
          style={poster ? {backgroundImage: `url(${JSON.stringify(poster)})`} : undefined}
          width={640}
          height={360}
          aria-label={caption}
        >
          <source src={clean(url)} type="video/mp4" />
        </video>
      )}
      <h2 id={titleId}>{indicator.name}</h2>
      <p>{indicator.description}</p>
      <p className="modal-price">{formatRupees(indicator.price)}</p>
      <a
        className="button button-primary"
        href={clean(directMessageUrl)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {buyLabel}
        <span className="visually-hidden">
          {' '}
          {indicator.name} by direct message (opens in a new tab)
        </span>
      </a>
      <p className="modal-hint">{fillName(hint, indicator.name)}</p>
      <button
        ref={closeButton}
        type="button"
        className="button button-secondary"
        commandfor={id}
        command="close"
        // The dialog's first focus, as HTML recommends for dialogs; it works before any script has run.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      >
        Close
      </button>
    </Dialog>
  )
}
