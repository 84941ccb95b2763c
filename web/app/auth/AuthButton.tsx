import {lazy, Suspense, useState} from 'react'
import {loadSupabase} from './supabase.ts'
import {useAuthUser} from './useAuthUser.ts'

// The dialog's code arrives with the first click, not with the page.
const SignInModal = lazy(() => import('./SignInModal.tsx').then((module) => ({default: module.SignInModal})))

/** Login opens the sign-in dialog; once signed in it is Logout, which ends the session and reloads at /. */
export function AuthButton() {
  const user = useAuthUser()
  const [open, setOpen] = useState(false)

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
      <button type="button" className="nav-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Login
      </button>
      {open && (
        <Suspense fallback={null}>
          <SignInModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
