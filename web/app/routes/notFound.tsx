import type {Route} from './+types/notFound'
import {HomeButton} from '../components/HomeButton.tsx'

export const meta: Route.MetaFunction = () => [
  {title: 'Page not found'},
  {name: 'robots', content: 'noindex'},
]

/** Any address the site does not have; `npm start` serves this page with status 404. */
export default function NotFound() {
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
