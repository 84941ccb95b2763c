// The Supabase project the browser talks to, as the build was told (settings.ts).
import {readSupabaseSettings} from './settings.ts'

export const {url: supabaseUrl, anonKey: supabaseAnonKey} = readSupabaseSettings(import.meta.env)

/** Where supabase-js keeps the session in localStorage; fixed so the header can look for it without the library. */
export const AUTH_STORAGE_KEY = 'quantedge-auth'
