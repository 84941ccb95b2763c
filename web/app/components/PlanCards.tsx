import type {PLANS_QUERY_RESULT} from '@quantedge/schemas/types'
import {formatRecurringPrice} from '../content/format.ts'

type Props = {plans: PLANS_QUERY_RESULT; subscribeLabel: string; subscribeUrl: string}

export function PlanCards({plans, subscribeLabel, subscribeUrl}: Props) {
  return (
    <ul className="card-grid card-grid-2">
      {plans.map((plan) => (
        <li key={plan._id} className="card plan-card">
          <h3 className="card-title">{plan.title}</h3>
          <p className="plan-price">{formatRecurringPrice(plan.price, plan.billingPeriod)}</p>
          <ul className="feature-list">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <a className="button button-primary" href={subscribeUrl} target="_blank" rel="noopener noreferrer">
            {subscribeLabel}
            <span className="visually-hidden"> to {plan.title} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  )
}
