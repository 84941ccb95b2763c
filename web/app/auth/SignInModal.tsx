import {useRef, useState} from 'react'
import {Dialog} from '../components/Dialog.tsx'
import {useHeldSubmit} from '../early/useHeldSubmit.ts'
import {describeFailure, loadSupabase} from './supabase.ts'

type Mode = 'login' | 'signup' | 'reset'

const MODES: Record<Mode, {title: string; subtitle: string; submit: string}> = {
  login: {title: 'Welcome Back', subtitle: 'Please sign in to continue', submit: 'Login'},
  signup: {title: 'Create Account', subtitle: 'Sign up to get started', submit: 'Sign Up'},
  reset: {
    title: 'Reset Password',
    subtitle: 'Enter your email to reset',
    submit: 'Send Reset Link',
  },
}

type Message = {kind: 'error' | 'success'; text: string}

/**
 * Sign in, sign up and password reset against Supabase Auth; errors are the service's own messages. The
 * dialog is in the prerendered page: a sign-in submitted before the scripts have loaded is held and sent
 * once they have, and what was typed is read from the fields themselves, so hydration cannot lose it.
 */
export function SignInModal({id}: {id: string}) {
  const [mode, setMode] = useState<Mode>('login')
  const [message, setMessage] = useState<Message | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const emailInput = useRef<HTMLInputElement>(null)
  const {title, subtitle, submit} = MODES[mode]

  const switchTo = (next: Mode) => {
    setMode(next)
    setMessage(null)
  }

  async function send(element: HTMLFormElement) {
    const fields = new FormData(element)
    const email = String(fields.get('email') ?? '')
    const password = String(fields.get('password') ?? '')
    setMessage(null)
    setBusy(true)
    try {
      const {auth} = await loadSupabase()
      const here = window.location.origin
      if (mode === 'login') {
        const {error} = await auth.signInWithPassword({email, password})
        if (error) return setMessage({kind: 'error', text: describeFailure(error.message)})
        element.closest('dialog')?.close()
      } else if (mode === 'signup') {
        const {error} = await auth.signUp({
          email,
          password,
          options: {emailRedirectTo: `${here}/account/confirmed`},
        })
        if (error) return setMessage({kind: 'error', text: describeFailure(error.message)})
        setMessage({kind: 'success', text: 'Sign-up successful! Confirm via email.'})
      } else {
        const {error} = await auth.resetPasswordForEmail(email, {
          redirectTo: `${here}/account/reset-password`,
        })
        if (error) return setMessage({kind: 'error', text: describeFailure(error.message)})
        setMessage({kind: 'success', text: 'Reset link sent—check your email.'})
      }
    } catch (error) {
      setMessage({
        kind: 'error',
        text: describeFailure(error instanceof Error ? error.message : String(error)),
      })
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = useHeldSubmit(form, (element) => void send(element))

  return (
    <Dialog
      id={id}
      labelledBy={`${id}-title`}
      initialFocus={emailInput}
      onToggle={(open) => {
        if (open) return
        switchTo('login')
        form.current?.reset()
      }}
    >
      <button
        type="button"
        className="modal-close"
        commandfor={id}
        command="close"
        aria-label="Close"
      >
        <span aria-hidden="true">×</span>
      </button>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="modal-hint">{subtitle}</p>
      <form ref={form} className="auth-form" data-held onSubmit={onSubmit}>
        {message && (
          <p
            className={message.kind === 'error' ? 'form-error' : 'form-success'}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
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
          // The dialog's first focus, as HTML recommends for dialogs; it works before any script has run.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
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
            />
          </>
        )}
        {mode === 'login' && (
          <button
            type="button"
            className="link-button auth-forgot"
            data-replay
            onClick={() => switchTo('reset')}
          >
            Forgot password?
          </button>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {submit}
        </button>
      </form>
      {mode === 'reset' ? (
        <button type="button" className="link-button" data-replay onClick={() => switchTo('login')}>
          Back to Login
        </button>
      ) : (
        <p className="auth-toggle">
          {mode === 'login' ? 'Don’t have an account?' : 'Already have an account?'}{' '}
          <button
            type="button"
            className="link-button"
            data-replay
            onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}
          >
            {mode === 'login' ? 'Sign Up' : 'Login'}
          </button>
        </p>
      )}
    </Dialog>
  )
}
