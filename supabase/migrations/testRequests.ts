// Who sends a request in the migrations' tests, as the claims PostgREST would run it with, and the lead a
// visitor sends from the form: one set for every test of the production migrations.
import type {RequestClaims} from '../local/database.ts'

export const STAFF_ID = '00000000-0000-4000-8000-0000000000a1'
export const OTHER_STAFF_ID = '00000000-0000-4000-8000-0000000000b2'
export const USER_ID = '00000000-0000-4000-8000-0000000000c3'

export const staff: RequestClaims = {role: 'authenticated', sub: STAFF_ID}
export const user: RequestClaims = {role: 'authenticated', sub: USER_ID}
export const anon: RequestClaims = {role: 'anon'}
/** An anon-key request that names a staff member as its subject: PostgREST would run it as anon. */
export const anonAsStaff: RequestClaims = {role: 'anon', sub: STAFF_ID}
export const service: RequestClaims = {role: 'service_role'}

/** Requests with the anon key, whoever they name. */
export const anonymous: [string, RequestClaims][] = [
  ['a visitor', anon],
  ['an anon request naming a staff member', anonAsStaff],
]

/** Everyone who must not change anything but the service role. */
export const outsiders: [string, RequestClaims][] = [
  ['staff', staff],
  ['a signed-in user', user],
  ...anonymous,
]

/** A lead as the form sends it, from `email`. */
export const aLead = (email = 'asha@example.com') => ({
  name: 'Asha Rao',
  email,
  phone: '+91 98765 43210',
  platforms: ['Python'],
  requirements: ['Backtesting'],
  description: 'A backtest of my rules.',
  terms_accepted: true,
  ownership_confirmed: true,
})
