import {useId} from 'react'
import {IndicatorModal} from '../components/IndicatorModal.tsx'
import {indicatorDialogId} from '../components/IndicatorCard.tsx'
import {useSiteSettings} from '../root.tsx'
import {CallToActionSection} from './CallToActionSection.tsx'
import {EstimateSection} from './EstimateSection.tsx'
import {HeroSection} from './HeroSection.tsx'
import type {LandingView, OfferingCard} from './loadLanding.server.ts'
import {OfferingsSection} from './OfferingsSection.tsx'
import {TextSection} from './TextSection.tsx'

/** Where a button on the page leads to reach the (first) estimate form. */
const ESTIMATE_ANCHOR = 'estimate'

/**
 * A landing page: each section by the component of its type, in the editor's order. A hero that comes first holds
 * the page's one h1; otherwise the page's title does. Each indicator's dialog is rendered once, after the sections.
 */
export function LandingSections({page}: {page: LandingView}) {
  const id = useId()
  const settings = useSiteSettings()
  const heroFirst = page.sections[0]?._type === 'hero'
  const firstForm = page.sections.find((section) => section._type === 'estimateForm')
  const indicators = new Map(
    page.sections
      .flatMap((section) => (section._type === 'offerings' ? section.cards : []))
      .filter(
        (card): card is Extract<OfferingCard, {kind: 'indicator'}> => card.kind === 'indicator',
      )
      .map((card) => [card.indicator._id, card]),
  )
  return (
    <div className="landing-page">
      {!heroFirst && (
        <header className="section page-intro landing-title">
          <h1>{page.title}</h1>
        </header>
      )}
      {page.sections.map((section, index) => {
        const headingId = `${id}-${section._key}`
        switch (section._type) {
          case 'hero':
            return (
              <HeroSection
                key={section._key}
                section={section}
                headingLevel={index === 0 ? 'h1' : 'h2'}
              />
            )
          case 'offerings':
            return (
              <OfferingsSection
                key={section._key}
                section={section}
                headingId={headingId}
                actions={page.actions}
              />
            )
          case 'textSection':
            return <TextSection key={section._key} section={section} headingId={headingId} />
          case 'estimateForm':
            return (
              <EstimateSection
                key={section._key}
                section={section}
                headingId={headingId}
                anchor={section === firstForm ? ESTIMATE_ANCHOR : undefined}
                submitLabel={page.actions.submitLabel}
              />
            )
          case 'callToAction':
            return <CallToActionSection key={section._key} section={section} />
        }
      })}
      {[...indicators.values()].map(({indicator, poster}) => (
        <IndicatorModal
          key={indicator._id}
          id={indicatorDialogId(indicator)}
          indicator={indicator}
          poster={(poster?.later ?? poster)?.src ?? null}
          buyLabel={page.actions.buyLabel}
          hint={page.actions.buyHint}
          directMessageUrl={settings.directMessageUrl}
        />
      ))}
    </div>
  )
}
