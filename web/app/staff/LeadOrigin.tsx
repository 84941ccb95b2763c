import type {Attribution} from './lead.ts'

type Touch = 'first' | 'last'

const TOUCH_LABELS: Record<Touch, string> = {first: 'First touch', last: 'Last touch'}

/** A touch in words: source / medium · campaign (term, content), click id, landed on, from. */
function describe(lead: Attribution, touch: Touch) {
  const value = (part: string) => lead[`${touch}_${part}` as keyof Attribution]
  const source = value('source')
  if (!source) return undefined
  const details = [value('term'), value('content')].filter(Boolean).join(', ')
  return [
    [source, value('medium')].filter(Boolean).join(' / '),
    value('campaign') && `campaign ${value('campaign')}${details ? ` (${details})` : ''}`,
    value('click_id') && `click id ${value('click_id')}`,
    value('landing_page') && `landed on ${value('landing_page')}`,
    value('referrer_host') && `from ${value('referrer_host')}`,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** Where the lead came from: its first and last touch, and the page its form was sent from (as plain text). */
export function LeadOrigin({lead}: {lead: Attribution}) {
  const touches = (['first', 'last'] as const).flatMap((touch) => {
    const text = describe(lead, touch)
    return text ? [[touch, text] as const] : []
  })
  if (touches.length === 0 && !lead.form_page) return null
  return (
    <dl className="lead-details lead-origin">
      {touches.map(([touch, text]) => (
        <div key={touch}>
          <dt>{TOUCH_LABELS[touch]}</dt>
          <dd>{text}</dd>
        </div>
      ))}
      {lead.form_page && (
        <div>
          <dt>Form sent from</dt>
          <dd>{lead.form_page}</dd>
        </div>
      )}
    </dl>
  )
}
