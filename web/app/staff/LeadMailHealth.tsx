import type {MailTrouble} from './leadMailHealth.ts'

const when = new Intl.DateTimeFormat('en-IN', {dateStyle: 'medium', timeStyle: 'short'})
const at = (time: string) => when.format(new Date(time))

const mails = (count: number) => (count === 1 ? '1 lead’s mail' : `${count} leads’ mails`)

/**
 * Lead mail trouble where staff work (leadMailHealth.ts says when): the leads whose mail the mail API refused for
 * good, each to open and answer from here since sales never heard of it; and mails held back, with the mail API's
 * last answer for whoever runs the site. Nothing while the mails go out.
 */
export function LeadMailHealth({
  trouble,
  onOpen,
}: {
  trouble: MailTrouble
  onOpen: (id: string) => void
}) {
  const {failed, waiting} = trouble
  if (!failed && !waiting) return null
  return (
    <section className="mail-trouble" aria-labelledby="mail-trouble-heading">
      <h2 id="mail-trouble-heading">Lead mails need attention</h2>
      {failed && (
        <div className="mail-trouble-part">
          <p>
            <strong>
              {mails(failed.count)} {failed.count === 1 ? 'was' : 'were'} refused for good
            </strong>{' '}
            by the mail API since {at(failed.since)}: sales were never mailed about{' '}
            {failed.count === 1 ? 'this lead' : 'these leads'}. Answer{' '}
            {failed.count === 1 ? 'it' : 'them'} from here.
          </p>
          {failed.reason && (
            <p className="mail-trouble-reason">
              Its answer: <q>{failed.reason}</q>
            </p>
          )}
          <ul className="mail-trouble-leads" aria-label="Leads whose mail was refused">
            {failed.leads.map((lead) => (
              <li key={lead.id}>
                <button type="button" className="link-button" onClick={() => onOpen(lead.id)}>
                  {lead.name}
                </button>{' '}
                <span className="mail-trouble-time">refused {at(lead.failed_at)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {waiting && (
        <div className="mail-trouble-part">
          <p>
            <strong>
              {mails(waiting.count)} {waiting.count === 1 ? 'is' : 'are'} waiting to go out
            </strong>
            , the oldest since {at(waiting.since)}. They are sent as soon as the mail API takes
            them; if this lasts, tell whoever runs the site.
          </p>
          {waiting.reason && (
            <p className="mail-trouble-reason">
              Its last answer: <q>{waiting.reason}</q>
            </p>
          )}
        </div>
      )}
    </section>
  )
}
