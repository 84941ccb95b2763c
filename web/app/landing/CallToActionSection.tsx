import type {LandingSection} from './loadLanding.server.ts'
import {ActionLink} from './ActionLink.tsx'

/** One prominent button, centred in a band of its own. */
export function CallToActionSection({
  section,
}: {
  section: Extract<LandingSection, {_type: 'callToAction'}>
}) {
  return (
    <section className="section call-to-action">
      <ActionLink href={section.href} className="button button-primary button-large">
        {section.label}
      </ActionLink>
    </section>
  )
}
