type Video = {url: string | null; poster: string | null; caption: string}

/** A demo clip that downloads nothing but its poster until it is played. */
export function DemoVideo({video, autoLoad = false}: {video: Video; autoLoad?: boolean}) {
  if (!video.url) return null
  return (
    <video
      className="demo-video"
      controls
      muted
      playsInline
      preload={autoLoad ? 'metadata' : 'none'}
      poster={video.poster ?? undefined}
      width={640}
      height={360}
      aria-label={video.caption}
    >
      <source src={video.url} type="video/mp4" />
    </video>
  )
}
