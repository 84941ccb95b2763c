import type {Route} from './+types/confirmed'
import {HomeButton} from '../../components/HomeButton.tsx'
import {useReturnFromEmail} from '../../auth/useReturnFromEmail.ts'

export const meta: Route.MetaFunction = () => [
  {title: 'E-mail confirmed'},
  {name: 'robots', content: 'noindex'},
]

/** Where the sign-up confirmation link lands. */
export default function EmailConfirmed() {
  const result = useReturnFromEmail()
  return (
    <div className="page page-narrow page-centered" aria-live="polite">
      {result.state === 'checking' && <h1>Confirming your e-mail…</h1>}
      {result.state === 'signed-in' && (
        <>
          <h1>Your e-mail is confirmed</h1>
          <p className="lead">You are signed in as {result.user.email}.</p>
        </>
      )}
      {result.state === 'failed' && (
        <>
          <h1>This link did not work</h1>
          <p className="lead">
            {result.reason} Sign up again, or log in if you have confirmed before.
          </p>
        </>
      )}
      <HomeButton />
    </div>
  )
}
