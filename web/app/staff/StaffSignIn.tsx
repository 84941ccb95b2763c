import {useId} from 'react'
import {SignInModal} from '../auth/SignInModal.tsx'

/** Signed out: the site's own sign-in dialog, opened from here. */
export function StaffSignIn() {
  const dialogId = `staff-sign-in-${useId()}`
  return (
    <section className="staff-notice" aria-labelledby={`${dialogId}-heading`}>
      <h2 id={`${dialogId}-heading`}>Sign in to work the leads</h2>
      <p className="lead">
        This page is for staff. Sign in with your staff account to see the leads.
      </p>
      <button
        type="button"
        className="button button-primary"
        aria-haspopup="dialog"
        commandfor={dialogId}
        command="show-modal"
      >
        Sign in
      </button>
      <SignInModal id={dialogId} />
    </section>
  )
}
