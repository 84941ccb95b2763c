import {HomeButton} from './HomeButton.tsx'

/** What any address the site does not have shows; the site server answers it with status 404. */
export function NotFound() {
  return (
    <div className="page page-narrow page-centered">
      <header className="page-intro">
        <p className="eyebrow">404</p>
        <h1>Page not found</h1>
        <p className="lead">The page you asked for does not exist or has moved.</p>
      </header>
      <HomeButton />
    </div>
  )
}

export const NOT_FOUND_META = [{title: 'Page not found'}, {name: 'robots', content: 'noindex'}]
