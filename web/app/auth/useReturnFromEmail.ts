import type {User} from '@supabase/supabase-js'
import {useEffect, useState} from 'react'
import {loadSupabase} from './supabase.ts'

export type ReturnFromEmail =
  {state: 'checking'} | {state: 'signed-in'; user: User} | {state: 'failed'; reason: string}

/**
 * Where an e-mailed link lands: supabase-js reads the session (or the error) from the address fragment.
 * Reports the signed-in user, or why the link did not work.
 */
export function useReturnFromEmail(): ReturnFromEmail {
  const [result, setResult] = useState<ReturnFromEmail>({state: 'checking'})
  useEffect(() => {
    const linkError = new URLSearchParams(window.location.hash.slice(1)).get('error_description')
    loadSupabase()
      .then(async (supabase) => {
        const {data} = await supabase.auth.getSession()
        if (data.session) return setResult({state: 'signed-in', user: data.session.user})
        setResult({state: 'failed', reason: linkError ?? 'This link is invalid or has expired.'})
      })
      .catch((error: unknown) =>
        setResult({
          state: 'failed',
          reason: error instanceof Error ? error.message : String(error),
        }),
      )
  }, [])
  return result
}
