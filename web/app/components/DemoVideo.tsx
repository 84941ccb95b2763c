import {useState} from 'react'
import {clean} from '../content/clean.ts'

type Video = {url: string | null; poster: string | null; caption: string}
type Props = {video: Video; title: string; eager?: boolean}

/**
 * A demo clip that costs nothing but its poster until the visitor presses play: the poster is a button,
 * and the <video> element (and its bytes) exist only after that. A press before hydration is replayed.
 */
export function DemoVideo({video, title, eager = false}: Props) {
  const [playing, setPlaying] = useState(false)
  if (!video.url) return null
  if (!playing) {
    return (
      <button type="button" className="demo-poster" data-replay onClick={() => setPlaying(true)}>
        {video.poster && (
          <img
            src={clean(video.poster)}
            alt=""
            width={640}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
          />
        )}
        <span className="demo-play" aria-hidden="true" />
        <span className="visually-hidden">Play the {title} demo</span>
      </button>
    )
  }
  return (
    <video
      className="demo-video"
      controls
      autoPlay
      muted
      playsInline
      preload="metadata"
      poster={video.poster ? clean(video.poster) : undefined}
      width={640}
      height={360}
      aria-label={video.caption}
    >
      <source src={clean(video.url)} type="video/mp4" />
    </video>
  )
}
