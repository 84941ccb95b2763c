import type {Plan} from '@quantedge/schemas/types'
import type {SeedDocument} from '../types.ts'

const PLAN_PRICE_RUPEES_PER_MONTH = 3300

export const plans: SeedDocument<Plan>[] = [
  {
    _id: 'plan-index-quant-metrics',
    _type: 'plan',
    title: 'Index Quant Metrics',
    slug: {_type: 'slug', current: 'index-quant-metrics'},
    order: 1,
    price: PLAN_PRICE_RUPEES_PER_MONTH,
    billingPeriod: 'month',
    features: [
      'Top 4 premium indicators included',
      'Enhance your trading strategies',
      'Real-time performance metrics',
    ],
  },
  {
    _id: 'plan-derivative-quant-metrics',
    _type: 'plan',
    title: 'Derivative Quant Metrics',
    slug: {_type: 'slug', current: 'derivative-quant-metrics'},
    order: 2,
    price: PLAN_PRICE_RUPEES_PER_MONTH,
    billingPeriod: 'month',
    features: [
      'Advanced derivative insights',
      'Volatility & risk analysis',
      'Automated signal alerts',
    ],
  },
]
