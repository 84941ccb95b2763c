import type {LandingSection} from './loadLanding.server.ts'
import {ActionLink} from './ActionLink.tsx'

/** The page's opening, in the home page's look; its heading is the page's h1 when it comes first. */
export function HeroSection({
  section,
  headingLevel: Heading,
}: {
  section: Extract<LandingSection, {_type: 'hero'}>
  headingLevel: 'h1' | 'h2'
}) {
  return (
    <section className="hero">
      <div className="hero-inner">
        <Heading className="hero-title">{section.heading}</Heading>
        <p className="hero-tagline">{section.tagline}</p>
        {section.actionLabel && section.actionHref && (
          <ActionLink href={section.actionHref} className="button button-primary button-large">
            {section.actionLabel}
          </ActionLink>
        )}
      </div>
    </section>
  )
}
