import {CatalogueCard} from '../components/CatalogueCards.tsx'
import {IndicatorCard} from '../components/IndicatorCard.tsx'
import {PlanCard} from '../components/PlanCards.tsx'
import {useSiteSettings} from '../root.tsx'
import type {CardActions, LandingSection, OfferingCard} from './loadLanding.server.ts'

/** The catalogue's documents as the site's own cards: an indicator's opens its dialog, the others a social page. */
export function OfferingsSection({
  section,
  headingId,
  actions,
}: {
  section: Extract<LandingSection, {_type: 'offerings'}>
  headingId: string
  actions: CardActions
}) {
  const settings = useSiteSettings()
  const card = (offering: OfferingCard) => {
    switch (offering.kind) {
      case 'indicator':
        return (
          <IndicatorCard
            key={offering.indicator._id}
            indicator={offering.indicator}
            poster={offering.poster}
            eager={offering.eager}
            buyLabel={actions.buyLabel}
            headingLevel="h3"
          />
        )
      case 'plan':
        return (
          <PlanCard
            key={offering.plan._id}
            plan={offering.plan}
            subscribeLabel={actions.subscribeLabel}
            subscribeUrl={settings.socialProfileUrl}
            headingLevel="h3"
          />
        )
      case 'toolkitModule':
      case 'automationService':
        return (
          <CatalogueCard
            key={offering.item._id}
            item={offering.item}
            actionLabel={
              offering.kind === 'toolkitModule' ? actions.exploreLabel : actions.serviceLabel
            }
            actionUrl={
              offering.kind === 'toolkitModule'
                ? settings.directMessageUrl
                : settings.socialProfileUrl
            }
            headingLevel="h3"
          />
        )
    }
  }
  return (
    <section className="section" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {section.heading}
      </h2>
      <ul className="card-grid card-grid-3">{section.cards.map(card)}</ul>
    </section>
  )
}
