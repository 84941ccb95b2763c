import {useState, type CSSProperties} from 'react'
import type {PosterImage, ResponsiveImage} from '../content/posterImage.server.ts'
import {clean} from '../content/clean.ts'
import {usePageLoaded} from './usePageLoaded.ts'

type Video = {url: string | null; caption: string}
type Props = {video: Video; poster: PosterImage | null; title: string; eager?: boolean}

/**
 * A demo clip that costs nothing but its poster until the visitor presses play: the poster is a button,
 * and the <video> element (and its bytes) exist only after that. A press before hydration is replayed.
 * The poster's box is fixed (16:9), so nothing moves as it loads; until it does, its colour or blur shows.
 * Only the first (`eager`) poster loads with the page; the others, below it on a phone, once the page has loaded,
 * so they take nothing from its first paint. An inlined preview gives way to its responsive image then too: the
 * browser keeps showing the preview until the new image is ready.
 */
export function DemoVideo({video, poster, title, eager = false}: Props) {
  const [playing, setPlaying] = useState(false)
  const loaded = usePageLoaded()
  if (!video.url) return null
  if (!playing) {
    const shown = loaded ? (poster?.later ?? poster) : eager ? poster : null
    return (
      <button
        type="button"
        className="demo-poster"
        data-replay
        onClick={() => setPlaying(true)}
        style={placeholderStyle(poster?.placeholder)}
      >
        {shown && <PosterPicture image={shown} eager={eager} />}
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
      poster={(poster?.later ?? poster)?.src}
      width={640}
      height={360}
      aria-label={video.caption}
    >
      <source src={clean(video.url)} type="video/mp4" />
    </video>
  )
}

/** The poster's <img>, in a <picture> when it offers `srcset`s by type. */
function PosterPicture({image, eager}: {image: ResponsiveImage; eager: boolean}) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      alt=""
      width={640}
      height={360}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  )
  if (!image.sources) return img
  return (
    <picture>
      {image.sources.map(({type, srcSet}) => (
        <source key={type} type={type} srcSet={srcSet} sizes={image.sizes} />
      ))}
      {img}
    </picture>
  )
}

function placeholderStyle(placeholder: PosterImage['placeholder']): CSSProperties | undefined {
  if (!placeholder) return undefined
  return {
    ...(placeholder.background ? {backgroundColor: placeholder.background} : {}),
    ...(placeholder.lqip
      ? {backgroundImage: `url(${JSON.stringify(placeholder.lqip)})`, backgroundSize: 'cover'}
      : {}),
  }
}
