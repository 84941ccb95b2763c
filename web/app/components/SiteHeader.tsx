import {useEffect, useId, useRef} from 'react'
import {Link, useLocation} from 'react-router'
import {AuthButton} from '../auth/AuthButton.tsx'
import {Logo} from './Logo.tsx'

const NAV_ITEMS = [
  {to: '/#services', label: 'Services'},
  {to: '/teampage', label: 'About'},
  {to: '/contactus', label: 'Contact Us'},
] as const

/**
 * The header. On small screens the navigation is a popover the menu button opens with no script
 * (`popovertarget`): the browser toggles it, closes it on Escape or a tap outside, and tells assistive
 * technology whether it is expanded. Its open state is the element's own; React only closes it when the
 * app navigates, since the header stays on screen.
 */
export function SiteHeader({siteName}: {siteName: string}) {
  const menuId = useId()
  const menu = useRef<HTMLElement>(null)
  const {key} = useLocation()
  const shownAt = useRef(key)

  useEffect(() => {
    if (key === shownAt.current) return
    shownAt.current = key
    if (menu.current?.matches(':popover-open')) menu.current.hidePopover()
  }, [key])

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="logo-link" aria-label={`${siteName} home`}>
          <Logo siteName={siteName} />
        </Link>
        <button type="button" className="menu-toggle" popoverTarget={menuId}>
          <span className="menu-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav ref={menu} id={menuId} className="site-nav" popover="auto" aria-label="Main">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
            <li>
              <AuthButton />
            </li>
            <li>
              <Link to="/#subscribe" className="button button-primary">
                Buy Now
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  )
}
