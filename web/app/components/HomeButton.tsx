import {Link} from 'react-router'

/** The way back to the home page from a page that ends a journey (not found, a confirmed e-mail). */
export function HomeButton() {
  return (
    <p>
      <Link to="/" className="button button-primary">
        Go to the home page
      </Link>
    </p>
  )
}
