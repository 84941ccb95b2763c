import type {SiteSettings} from '@quantedge/schemas/types'
import type {SeedDocument} from '../types.ts'

// Contact and social addresses are placeholders on example.com: replace them in the Studio before launch.
export const siteSettings: SeedDocument<SiteSettings> = {
  _id: 'siteSettings',
  _type: 'siteSettings',
  siteName: 'QuantEdge',
  siteUrl: 'http://localhost:3000',
  contactEmail: 'hello@example.com',
  directMessageUrl: 'https://example.com/social/direct-message',
  socialProfileUrl: 'https://example.com/social/profile',
  socialProfiles: [
    {
      _key: 'instagram',
      _type: 'socialProfile',
      network: 'Instagram',
      url: 'https://example.com/social/instagram',
    },
    {_key: 'x', _type: 'socialProfile', network: 'X', url: 'https://example.com/social/x'},
    {
      _key: 'youtube',
      _type: 'socialProfile',
      network: 'YouTube',
      url: 'https://example.com/social/youtube',
    },
    {
      _key: 'telegram',
      _type: 'socialProfile',
      network: 'Telegram',
      url: 'https://example.com/social/telegram',
    },
  ],
  learnItems: ['Tutorials', 'Discord', 'Blog'],
  footerDisclaimer:
    'QuantEdge does not provide financial services of any kind. Our indicators, toolkits and automation services ' +
    'are for educational purposes only. We are not registered with SEBI as investment advisers or research ' +
    'analysts, and nothing on this site is investment advice. Trading in securities and derivatives carries a ' +
    'high risk, including the loss of your entire capital.',
}
