import type {LegalPage} from '@quantedge/schemas/types'
import {legalPageIds, type LegalSlug} from '@quantedge/schemas/fixed'
import {richText, type SeedDocument} from '../types.ts'

type Blocks = Parameters<typeof richText>[1]

const LAST_UPDATED = '2026-11-01'

const legalPage = (
  slug: LegalSlug,
  description: string,
  blocks: Blocks,
): SeedDocument<LegalPage> => {
  const {id, title} = legalPageIds.find((page) => page.slug === slug)!
  return {
    _id: id,
    _type: 'legalPage',
    title,
    slug: {_type: 'slug', current: slug},
    lastUpdated: LAST_UPDATED,
    body: richText(slug, blocks),
    seo: {_type: 'seo', title: `${title} — QuantEdge`, description},
  }
}

export const legalPages: SeedDocument<LegalPage>[] = [
  legalPage(
    'privacy',
    'How QuantEdge collects, uses, stores and protects your personal data, and the rights you have over it.',
    [
      [
        'normal',
        'This policy explains what personal data QuantEdge collects when you use this website, why we collect it and how you can control it.',
      ],
      ['h2', 'What we collect'],
      [
        'bullet',
        'Account data: your e-mail address and a securely hashed password when you sign up.',
      ],
      [
        'bullet',
        'Estimate requests: the name, e-mail address, phone number, platforms, requirements and description you send us through the contact form.',
      ],
      [
        'bullet',
        'Technical data: basic server logs (IP address, browser and time of request) kept for security and troubleshooting.',
      ],
      ['h2', 'How we use it'],
      [
        'normal',
        'We use your data only to run your account, reply to your estimate request, deliver what you buy from us and keep the site secure. We do not sell your data and we do not use it for third-party advertising.',
      ],
      ['h2', 'Where it is stored'],
      [
        'normal',
        'Account and estimate data are stored with our hosting and database providers under contracts that require them to protect it. Access within QuantEdge is limited to the people who need it to serve you.',
      ],
      ['h2', 'How long we keep it'],
      [
        'normal',
        'We keep estimate requests for up to 24 months and account data for as long as your account exists. Server logs are deleted after 90 days.',
      ],
      ['h2', 'Your rights'],
      [
        'normal',
        'You may ask us for a copy of your data, ask us to correct it, or ask us to delete it, in line with the Digital Personal Data Protection Act, 2023. Write to the contact mailbox shown in the footer and we will answer within 30 days.',
      ],
      ['h2', 'Changes'],
      [
        'normal',
        'If we change this policy we will update the date at the top of this page. Significant changes will be announced on our social profiles.',
      ],
    ],
  ),
  legalPage(
    'terms',
    'The terms that apply when you use the QuantEdge website and buy our indicators, toolkits and automation services.',
    [
      [
        'normal',
        'By using this website or buying any of our products you agree to these terms. If you do not agree, please do not use the site.',
      ],
      ['h2', 'Our products'],
      [
        'normal',
        'QuantEdge offers TradingView indicators, Python backtesting toolkits and Tradetron automation services. Purchases are arranged through direct messages on our social profiles; the price and scope agreed there apply.',
      ],
      ['h2', 'Licence'],
      [
        'normal',
        'Each indicator or toolkit is licensed to you for personal use. You may not resell, republish or share it, its code or its access, without our written permission.',
      ],
      ['h2', 'No advice'],
      [
        'normal',
        'Our tools and services are educational. They are not investment advice, and no result shown in a demo, a backtest or a report is a promise of future returns.',
      ],
      ['h2', 'Your responsibilities'],
      ['bullet', 'Keep your account credentials safe and tell us about any misuse.'],
      ['bullet', 'Give accurate information in estimate requests.'],
      ['bullet', 'Use our tools in line with the rules of your broker, the exchanges and SEBI.'],
      ['h2', 'Liability'],
      [
        'normal',
        'To the extent permitted by law, QuantEdge is not liable for trading losses or for indirect losses arising from the use of our tools. Our total liability for any claim is limited to the amount you paid us for the product concerned.',
      ],
      ['h2', 'Governing law'],
      [
        'normal',
        'These terms are governed by the laws of India. Disputes are subject to the exclusive jurisdiction of the courts where QuantEdge is registered.',
      ],
    ],
  ),
  legalPage(
    'disclaimer',
    'QuantEdge is not a registered advisory entity; trading carries a risk of total loss. Read before using our tools.',
    [
      [
        'normal',
        'QuantEdge is not a registered advisory entity. We are not registered with the Securities and Exchange Board of India (SEBI) as investment advisers, research analysts or portfolio managers, and we do not provide financial services of any kind.',
      ],
      ['h2', 'Educational use only'],
      [
        'normal',
        'Everything on this website, including indicators, toolkits, automation services, demo videos, backtests and reports, is provided for educational purposes only. Nothing here is a recommendation to buy, sell or hold any security or derivative.',
      ],
      ['h2', 'Risk of total loss'],
      [
        'normal',
        'Trading in equities, futures and options carries a high level of risk and can result in the loss of your entire capital, and with leveraged products losses can exceed your deposit. Only trade with money you can afford to lose.',
      ],
      ['h2', 'Past performance'],
      [
        'normal',
        'Backtested and past results do not guarantee future performance. Simulated results have limitations: they may not reflect slippage, liquidity, costs or the emotional pressure of live trading.',
      ],
      ['h2', 'Your decisions'],
      [
        'normal',
        'You alone are responsible for your trading decisions and their outcomes. Consult a SEBI-registered adviser before making investment decisions.',
      ],
    ],
  ),
]
