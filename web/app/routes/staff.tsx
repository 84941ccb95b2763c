import type {Route} from './+types/staff'
import {LeadDesk} from '../staff/LeadDesk.tsx'
import {StaffSignIn} from '../staff/StaffSignIn.tsx'
import {useSignedInUser} from '../auth/useSignedInUser.ts'
import staffCss from '../styles/staff.css?url'

export const meta: Route.MetaFunction = () => [
  {title: 'Leads · Staff'},
  {name: 'robots', content: 'noindex'},
]

export const links: Route.LinksFunction = () => [{rel: 'stylesheet', href: staffCss}]

/**
 * The staff page: the free-estimate requests to work, rendered in the browser only (the page list does not
 * prerender it), since everything on it belongs to a signed-in staff member.
 */
export default function Staff() {
  const user = useSignedInUser()
  return (
    <div className="page staff-page">
      <header className="page-intro">
        <p className="eyebrow">Staff</p>
        <h1>Leads</h1>
      </header>
      {user === undefined && <p role="status">Checking your sign-in…</p>}
      {user === null && <StaffSignIn />}
      {user && <LeadDesk user={user} />}
    </div>
  )
}
