import {useEffect, useId, useState} from 'react'
import {Link, useLocation} from 'react-router'
import {AuthButton} from '../auth/AuthButton.tsx'
import {Logo} from './Logo.tsx'

const NAV_ITEMS = [
  {to: '/#services', label: 'Services'},
  {to: '/teampage', label: 'About'},
  {to: '/contactus', label: 'Contact Us'},
] as const

export function SiteHeader({siteName}: {siteName: string}) {
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  const location = useLocation()

  useEffect(() => setMenuOpen(false), [location.key])
  useEffect(() => {
    if (!menuOpen) return
    // A dialog opened from the menu takes Escape for itself; the menu stays open behind it.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) setMenuOpen(false)
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [menuOpen])

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="logo-link" aria-label={`${siteName} home`}>
          <Logo siteName={siteName} />
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id={menuId} className="site-nav" data-open={menuOpen} aria-label="Main">
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
