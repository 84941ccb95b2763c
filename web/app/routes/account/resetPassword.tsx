import {useState, type FormEvent} from 'react'
import {Link} from 'react-router'
import type {Route} from './+types/resetPassword'
import {describeFailure, loadSupabase} from '../../auth/supabase.ts'
import {useReturnFromEmail} from '../../auth/useReturnFromEmail.ts'

export const meta: Route.MetaFunction = () => [
  {title: 'Choose a new password'},
  {name: 'robots', content: 'noindex'},
]

/** Where the password-reset link lands: the visitor chooses a new password and stays signed in. */
export default function ResetPassword() {
  const result = useReturnFromEmail()
  const [password, setPassword] = useState('')
  const [message, setMessage] = useState<{kind: 'error' | 'success'; text: string} | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setMessage(null)
    setBusy(true)
    const {error} = await (await loadSupabase()).auth.updateUser({password})
    setBusy(false)
    if (error) return setMessage({kind: 'error', text: describeFailure(error.message)})
    setPassword('')
    setMessage({kind: 'success', text: 'Your password has been changed. You are signed in.'})
  }

  return (
    <div className="page page-narrow">
      <header className="page-intro">
        <h1>Choose a new password</h1>
      </header>
      {result.state === 'checking' && <p aria-live="polite">Checking your reset link…</p>}
      {result.state === 'failed' && (
        <p className="form-error" role="alert">
          {result.reason} Request a new link from Login, then “Forgot password?”.
        </p>
      )}
      {result.state === 'signed-in' && (
        <form className="auth-form narrow-form" onSubmit={onSubmit}>
          {message && (
            <p
              className={message.kind === 'error' ? 'form-error' : 'form-success'}
              role={message.kind === 'error' ? 'alert' : 'status'}
            >
              {message.text}
            </p>
          )}
          <p>For {result.user.email}</p>
          <label htmlFor="new-password">New password</label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            minLength={6}
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            Save password
          </button>
          {message?.kind === 'success' && <Link to="/">Go to the home page</Link>}
        </form>
      )}
    </div>
  )
}
