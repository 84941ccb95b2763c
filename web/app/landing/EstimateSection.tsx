import {EstimateForm} from '../estimate/EstimateForm.tsx'
import type {LandingSection} from './loadLanding.server.ts'

/** The estimate form, as on /contactus; the first on a page is where #estimate leads. */
export function EstimateSection({
  section,
  headingId,
  anchor,
  submitLabel,
}: {
  section: Extract<LandingSection, {_type: 'estimateForm'}>
  headingId: string
  anchor: string | undefined
  submitLabel: string
}) {
  return (
    <section id={anchor} className="section page-narrow" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {section.heading}
      </h2>
      <EstimateForm submitLabel={submitLabel} />
    </section>
  )
}
