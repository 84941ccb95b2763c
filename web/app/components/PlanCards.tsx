import type {PLANS_QUERY_RESULT} from '@quantedge/schemas/types'
import {formatRecurringPrice} from '@quantedge/schemas/price'
import {clean} from '../content/clean.ts'

type Props = {
  plans: PLANS_QUERY_RESULT
  subscribeLabel: string
  subscribeUrl: string
  /** h3 below a section heading, h2 directly below the page's h1. */
  headingLevel: 'h2' | 'h3'
}

export function PlanCards({plans, subscribeLabel, subscribeUrl, headingLevel: Heading}: Props) {
  return (
    <ul className="card-grid card-grid-2">
      {plans.map((plan) => (
        <li key={plan._id} className="card plan-card">
          <Heading className="card-title">{plan.title}</Heading>
          <p className="plan-price">
            {formatRecurringPrice(plan.price, clean(plan.billingPeriod))}
          </p>
          <ul className="feature-list">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <a
            className="button button-primary"
            href={clean(subscribeUrl)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {subscribeLabel}
            <span className="visually-hidden"> to {plan.title} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
