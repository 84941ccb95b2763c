import {RichText} from '../components/RichText.tsx'
import type {LandingSection} from './loadLanding.server.ts'

/** A heading and rich text, at the legal texts' reading width. */
export function TextSection({
  section,
  headingId,
}: {
  section: Extract<LandingSection, {_type: 'textSection'}>
  headingId: string
}) {
  return (
    <section className="section page-narrow" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {section.heading}
      </h2>
      <RichText value={section.body} />
    </section>
  )
}
