// The signed-in user for a page that needs to know at once (the staff page): it loads supabase-js itself,
// rather than waiting for a stored session as the header does, and follows every sign-in and sign-out.
import type {User} from '@supabase/supabase-js'
import {useEffect, useState} from 'react'
import {loadSupabase} from './supabase.ts'

/** undefined while the session is read, then the user or null. */
export function useSignedInUser(): User | null | undefined {
  const [user, setUser] = useState<User | null | undefined>(undefined)
  useEffect(() => {
    let active = true
    let unsubscribe = () => {}
    void loadSupabase().then(async (supabase) => {
      const {data} = supabase.auth.onAuthStateChange((_event, session) => {
        // Token refreshes hand over the same user: keep the object, so nothing reloads for them.
        if (active)
          setUser((current) =>
            current && current.id === session?.user.id ? current : (session?.user ?? null),
          )
      })
      unsubscribe = () => data.subscription.unsubscribe()
      const {data: current} = await supabase.auth.getSession()
      if (active) setUser((known) => known ?? current.session?.user ?? null)
    })
    return () => {
      active = false
      unsubscribe()
    }
  }, [])
  return user
}
