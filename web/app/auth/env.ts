// The Supabase project the browser talks to. Only the public (anon or publishable) key belongs here: it is
// built into the pages. Defaults: supabase/local, or `supabase start`, on this machine.
import {DEMO_ANON_KEY} from '@quantedge/supabase/local/publicKey'
import {DEFAULT_SUPABASE_URL} from './supabaseUrl.ts'

export const supabaseUrl: string = import.meta.env.VITE_SUPABASE_URL || DEFAULT_SUPABASE_URL
export const supabaseAnonKey: string = import.meta.env.VITE_SUPABASE_ANON_KEY || DEMO_ANON_KEY

/** Where supabase-js keeps the session in localStorage; fixed so the header can look for it without the library. */
export const AUTH_STORAGE_KEY = 'quantedge-auth'
