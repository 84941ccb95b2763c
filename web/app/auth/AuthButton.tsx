import {useId} from 'react'
import {loadSupabase} from './supabase.ts'
import {SignInModal} from './SignInModal.tsx'
import {useAuthUser} from './useAuthUser.ts'

/**
 * Login opens the sign-in dialog, prerendered with the page so it opens before any script has run; once
 * signed in it is Logout, which ends the session and reloads at /.
 */
export function AuthButton() {
  const user = useAuthUser()
  const dialogId = `sign-in-${useId()}`

  if (user) {
    return (
      <button
        type="button"
        className="nav-button"
        onClick={async () => {
          await (await loadSupabase()).auth.signOut()
          window.location.assign('/')
        }}
      >
        Logout
      </button>
    )
  }
  return (
    <>
      <button
        type="button"
        className="nav-button"
        aria-haspopup="dialog"
        commandfor={dialogId}
        command="show-modal"
      >
        Login
      </button>
      <SignInModal id={dialogId} />
    </>
  )
}
