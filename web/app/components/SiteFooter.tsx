import {Link} from 'react-router'
import type {SITE_SETTINGS_QUERY_RESULT} from '@quantedge/schemas/types'
import {Logo} from './Logo.tsx'
import {clean} from '../content/clean.ts'

type Settings = NonNullable<SITE_SETTINGS_QUERY_RESULT>

const LEGAL_LINKS = [
  {to: '/disclaimer', label: 'Disclaimer'},
  {to: '/privacy', label: 'Privacy Policy'},
  {to: '/terms', label: 'Terms & Conditions'},
] as const

export function SiteFooter({settings}: {settings: Settings}) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="footer-brand">
          <Logo siteName={settings.siteName} />
          <a className="footer-mail" href={`mailto:${clean(settings.contactEmail)}`}>
            {settings.contactEmail}
          </a>
          <ul className="footer-social" aria-label="Social profiles">
            {settings.socialProfiles.map((profile) => (
              <li key={profile._key}>
                <a href={clean(profile.url)} target="_blank" rel="noopener noreferrer">
                  {profile.network}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-columns" aria-label="Footer">
          <div>
            <h2 className="footer-heading">Company</h2>
            <ul>
              <li>
                <Link to="/teampage">Team</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="footer-heading">Learn</h2>
            <ul>
              {settings.learnItems.map((item) => (
                <li key={item} className="footer-plain">
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="footer-heading">Legal</h2>
            <ul>
              {LEGAL_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <p className="footer-disclaimer">{settings.footerDisclaimer}</p>
      </div>
    </footer>
  )
}
