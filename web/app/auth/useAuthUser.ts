import type {User} from '@supabase/supabase-js'
import {useEffect, useState} from 'react'
import {hasSessionToRestore, loadSupabase, whenSupabaseLoads} from './supabase.ts'

/**
 * The signed-in user, following supabase-js: read on load when a session is stored, then every auth state
 * change. Without a stored session nothing is loaded until the visitor opens the sign-in dialog.
 */
export function useAuthUser(): User | null {
  const [user, setUser] = useState<User | null>(null)
  useEffect(() => {
    let unsubscribe = () => {}
    let active = true
    whenSupabaseLoads(async (supabase) => {
      const {data} = supabase.auth.onAuthStateChange((_event, session) => {
        if (active) setUser(session?.user ?? null)
      })
      unsubscribe = () => data.subscription.unsubscribe()
      const current = await supabase.auth.getUser()
      if (active) setUser(current.data.user)
    })
    if (hasSessionToRestore()) loadSupabase()
    return () => {
      active = false
      unsubscribe()
    }
  }, [])
  return user
}
