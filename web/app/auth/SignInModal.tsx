import {useId, useRef, useState, type FormEvent} from 'react'
import {Dialog} from '../components/Dialog.tsx'
import {describeFailure, loadSupabase} from './supabase.ts'

type Mode = 'login' | 'signup' | 'reset'

const MODES: Record<Mode, {title: string; subtitle: string; submit: string}> = {
  login: {title: 'Welcome Back', subtitle: 'Please sign in to continue', submit: 'Login'},
  signup: {title: 'Create Account', subtitle: 'Sign up to get started', submit: 'Sign Up'},
  reset: {title: 'Reset Password', subtitle: 'Enter your email to reset', submit: 'Send Reset Link'},
}

type Message = {kind: 'error' | 'success'; text: string}

/** Sign in, sign up and password reset against Supabase Auth; errors are the service's own messages. */
export function SignInModal({onClose}: {onClose: () => void}) {
  const [mode, setMode] = useState<Mode>('login')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [message, setMessage] = useState<Message | null>(null)
  const [busy, setBusy] = useState(false)
  const emailInput = useRef<HTMLInputElement>(null)
  const id = useId()
  const {title, subtitle, submit} = MODES[mode]

  const switchTo = (next: Mode) => {
    setMode(next)
    setMessage(null)
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setMessage(null)
    setBusy(true)
    try {
      const {auth} = await loadSupabase()
      const here = window.location.origin
      if (mode === 'login') {
        const {error} = await auth.signInWithPassword({email, password})
        if (error) return setMessage({kind: 'error', text: describeFailure(error.message)})
        onClose()
      } else if (mode === 'signup') {
        const {error} = await auth.signUp({email, password, options: {emailRedirectTo: `${here}/account/confirmed`}})
        if (error) return setMessage({kind: 'error', text: describeFailure(error.message)})
        setMessage({kind: 'success', text: 'Sign-up successful! Confirm via email.'})
      } else {
        const {error} = await auth.resetPasswordForEmail(email, {redirectTo: `${here}/account/reset-password`})
        if (error) return setMessage({kind: 'error', text: describeFailure(error.message)})
        setMessage({kind: 'success', text: 'Reset link sent—check your email.'})
      }
    } catch (error) {
      setMessage({kind: 'error', text: describeFailure(error instanceof Error ? error.message : String(error))})
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} initialFocus={emailInput}>
      <button type="button" className="modal-close" onClick={onClose} aria-label="Close">
        <span aria-hidden="true">×</span>
      </button>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="modal-hint">{subtitle}</p>
      <form className="auth-form" onSubmit={onSubmit}>
        {message && (
          <p className={message.kind === 'error' ? 'form-error' : 'form-success'} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          ref={emailInput}
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {mode !== 'reset' && (
          <>
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              id={`${id}-password`}
              type="password"
              name="password"
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        )}
        {mode === 'login' && (
          <button type="button" className="link-button auth-forgot" onClick={() => switchTo('reset')}>
            Forgot password?
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {submit}
        </button>
      </form>
      {mode === 'reset' ? (
        <button type="button" className="link-button" onClick={() => switchTo('login')}>
          Back to Login
        </button>
      ) : (
        <p className="auth-toggle">
          {mode === 'login' ? 'Don’t have an account?' : 'Already have an account?'}{' '}
          <button type="button" className="link-button" onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}>
            {mode === 'login' ? 'Sign Up' : 'Login'}
          </button>
        </p>
      )}
    </Dialog>
  )
}
