import type {PLANS_QUERY_RESULT} from '@quantedge/schemas/types'
import {formatRecurringPrice} from '@quantedge/schemas/price'
import {clean} from '../content/clean.ts'

type Plan = PLANS_QUERY_RESULT[number]

type Props = {
  subscribeLabel: string
  subscribeUrl: string
  /** h3 below a section heading, h2 directly below the page's h1. */
  headingLevel: 'h2' | 'h3'
}

/** A plan's card: its price, its features and Subscribe, which opens the social profile in a new tab. */
export function PlanCard({
  plan,
  subscribeLabel,
  subscribeUrl,
  headingLevel: Heading,
}: Props & {plan: Plan}) {
  return (
    <li className="card plan-card">
      <Heading className="card-title">{plan.title}</Heading>
      <p className="plan-price">{formatRecurringPrice(plan.price, clean(plan.billingPeriod))}</p>
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
  )
}

export function PlanCards({plans, ...card}: Props & {plans: PLANS_QUERY_RESULT}) {
  return (
    <ul className="card-grid card-grid-2">
      {plans.map((plan) => (
        <PlanCard key={plan._id} plan={plan} {...card} />
      ))}
    </ul>
  )
}
