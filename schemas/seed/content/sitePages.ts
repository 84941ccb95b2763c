import type {SitePage} from '@quantedge/schemas/types'
import {sitePageId, type SitePageRoute} from '@quantedge/schemas/fixed'
import {richText, type SeedDocument} from '../types.ts'

const page = (
  route: SitePageRoute,
  fields: Omit<SeedDocument<SitePage>, '_id' | '_type' | 'route'>,
): SeedDocument<SitePage> => ({
  _id: sitePageId(route),
  _type: 'sitePage',
  route,
  ...fields,
})
const seo = (title: string, description: string) => ({_type: 'seo' as const, title, description})

export const sitePages: SeedDocument<SitePage>[] = [
  page('tradingview', {
    title: 'TradingView Indicators',
    intro:
      'Six indicators built for Indian index options traders. Watch each demo, then buy the ones you need through a direct message.',
    actionLabel: 'Buy Now',
    actionHint:
      'Send us a direct message and mention “{name}” so we can activate it on your TradingView account.',
    seo: seo(
      'TradingView Indicators — QuantEdge',
      'Straddle, Strangle, Spread, Straddle RSI, Option Greeks and IV indicators for TradingView, with demo videos.',
    ),
  }),
  page('python', {
    title: 'Backtesting & Strategy Toolkit',
    intro:
      'A Python toolkit that takes a trading idea from raw market data to a reviewed, reproducible backtest. Pick the modules you need.',
    actionLabel: 'Explore',
    seo: seo(
      'Python Backtesting Toolkit — QuantEdge',
      'Data loading, strategy running, performance analysis, optimisation, walk-forward testing and reports in Python.',
    ),
  }),
  page('tradetron', {
    title: 'Tradetron Automation Services',
    intro:
      'We help you automate your strategies on Tradetron, from the first backtest to live execution across accounts, with the risk rules you set.',
    actionLabel: 'Explore',
    seo: seo(
      'Tradetron Automation Services — QuantEdge',
      'Backtesting, strategy development, deployment, risk rules, multi-account execution and trade log reviews on Tradetron.',
    ),
  }),
  page('subscribe', {
    title: 'Activate Your Quant Metrics',
    intro:
      'Choose the metrics that match how you trade. Subscribe through our social profile and we will set you up.',
    actionLabel: 'Subscribe',
    seo: seo(
      'Quant Metrics Plans — QuantEdge',
      'Index Quant Metrics and Derivative Quant Metrics plans: premium indicators, volatility analysis and signal alerts.',
    ),
  }),
  page('contactus', {
    title: 'Get a Free Estimate',
    intro:
      'Tell us what you want to build: an indicator, a strategy, a backtest or an automation. We reply with a scope and a quote, free of charge.',
    actionLabel: 'Submit',
    seo: seo(
      'Contact Us for a Free Estimate — QuantEdge',
      'Request a free estimate for TradingView indicators, Python backtests, strategy development or Tradetron automation.',
    ),
  }),
  page('teampage', {
    title: 'About Us',
    intro:
      'QuantEdge is a trading toolkit partner, not a marketplace. We build, explain and support the tools we sell, and we stay with you after the sale.',
    body: richText('teampage', [
      ['h2', 'What we do'],
      [
        'normal',
        'We are a small team of traders and engineers in India. We write TradingView indicators, Python backtesting tools and Tradetron automations for retail traders and small quant desks, and we use them in our own research.',
      ],
      ['h2', 'A partner, not a marketplace'],
      [
        'normal',
        'We do not resell third-party scripts or strategies. Everything we offer is built and maintained by us, so when you have a question you talk to the people who wrote the code.',
      ],
      ['bullet', 'Clear documentation and demo videos for every tool.'],
      ['bullet', 'Help with setup on your TradingView, Python or Tradetron account.'],
      ['bullet', 'Honest advice on what a tool can and cannot do for you.'],
      ['h2', 'Education first'],
      [
        'normal',
        'Our tools are educational. They help you test ideas and understand risk; they do not tell you what to trade. Decisions, and their outcomes, stay with you.',
      ],
    ]),
    actionLabel: 'Follow us',
    actionHint: 'Follow us for new indicators, tutorials and release notes.',
    seo: seo(
      'About QuantEdge — Your trading toolkit partner',
      'QuantEdge is a trading toolkit partner, not a marketplace: we build, explain and support every tool we offer.',
    ),
  }),
  page('quantmetrics', {
    title: 'Quant Metrics Coming Soon…',
    intro:
      'A dashboard of index and derivative metrics is on its way. Follow us to hear the moment it launches.',
    seo: seo(
      'Quant Metrics — Coming soon — QuantEdge',
      'Quant Metrics, a dashboard of index and derivative metrics for Indian markets, is coming soon from QuantEdge.',
    ),
  }),
]
