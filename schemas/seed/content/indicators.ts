import type {Indicator} from '@quantedge/schemas/types'
import type {SeedDocument} from '../types.ts'

const INDICATOR_PRICE_RUPEES = 500

const indicator = (
  order: number,
  slug: string,
  name: string,
  description: string,
  shows: string,
) => ({
  _id: `indicator-${slug}`,
  _type: 'indicator' as const,
  name,
  slug: {_type: 'slug' as const, current: slug},
  order,
  description,
  price: INDICATOR_PRICE_RUPEES,
  demoVideo: {
    _type: 'demoVideo' as const,
    url: `/demos/${slug}.mp4`,
    posterUrl: `/demos/${slug}.webp`,
    caption: `Demo of the ${name} indicator: ${shows}`,
  },
})

export const indicators: SeedDocument<Indicator>[] = [
  indicator(
    1,
    'straddle',
    'Straddle',
    'Plots the combined premium of the at-the-money call and put in real time, with VWAP and day high and low bands, to time straddle entries and exits on Nifty and Bank Nifty.',
    'the combined ATM premium moving against its VWAP band.',
  ),
  indicator(
    2,
    'strangle',
    'Strangle',
    'Tracks the combined premium of the out-of-the-money call and put you choose, highlighting premium decay and breakout zones while you manage a short strangle.',
    'strangle premium decaying through the session.',
  ),
  indicator(
    3,
    'spread',
    'Spread',
    'Charts the live value of bull and bear call or put spreads from any two strikes, with maximum profit and maximum loss drawn on the chart for quick risk checks.',
    'a call spread’s value between its profit and loss limits.',
  ),
  indicator(
    4,
    'straddle-rsi',
    'Straddle RSI',
    'Applies RSI to the combined straddle premium instead of the spot price, flagging overbought and oversold premium that often comes before a reversion.',
    'RSI of the straddle premium crossing its bands.',
  ),
  indicator(
    5,
    'option-greeks',
    'Option Greeks',
    'Shows delta, gamma, theta and vega for any strike on the chart, computed with Black-Scholes from live prices, so you see how a position reacts before you trade.',
    'delta and theta of a strike updating with price.',
  ),
  indicator(
    6,
    'iv',
    'IV',
    'Plots the implied volatility of the at-the-money strike with its percentile over a look-back you set, so rich premiums stand apart from cheap ones at a glance.',
    'implied volatility with its percentile band.',
  ),
]
