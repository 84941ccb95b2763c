import type {ReactNode} from 'react'
import {Link} from 'react-router'
import {clean} from '../content/clean.ts'

/**
 * A landing page's button: a path of the site moves within the app, a #section scrolls the page, an https
 * address opens in a new tab.
 */
export function ActionLink({
  href,
  className,
  children,
}: {
  href: string
  className: string
  children: ReactNode
}) {
  const target = clean(href)
  if (target.startsWith('/'))
    return (
      <Link to={target} className={className}>
        {children}
      </Link>
    )
  if (target.startsWith('#'))
    return (
      <a href={target} className={className}>
        {children}
      </a>
    )
  return (
    <a href={target} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}
