import type {HomePage} from '@quantedge/schemas/types'
import type {SeedDocument} from '../types.ts'

export const homePage: SeedDocument<HomePage> = {
  _id: 'homePage',
  _type: 'homePage',
  heroTitle: 'Elevate Your Trading',
  heroTagline: 'Smooth, subtle insights at every glance.',
  heroButtonLabel: 'Get Started',
  integrationsTitle: 'Our Integrations',
  integrations: [
    {
      _key: 'tradingview',
      _type: 'integrationCard',
      title: 'TradingView',
      description: 'Seamlessly embed and customize charts',
      route: '/tradingview',
    },
    {
      _key: 'python',
      _type: 'integrationCard',
      title: 'Python',
      description: 'Build custom indicators and backtests',
      route: '/python',
    },
    {
      _key: 'tradetron',
      _type: 'integrationCard',
      title: 'Tradetron',
      description: 'Automate your trading strategies',
      route: '/tradetron',
    },
  ],
  plansTitle: 'Activate Your Quant Metrics',
  seo: {
    _type: 'seo',
    title: 'QuantEdge — Trading tools for Indian markets',
    description:
      'TradingView indicators, Python backtesting toolkits and Tradetron automation for retail traders and quants in India.',
  },
}
