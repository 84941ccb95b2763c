// notify-staff: mails the sales address one message per new estimate request, from the outbox the insert's
// trigger fills. Called by POST with any key or none (verify_jwt = false in supabase/config.toml): pg_cron's job
// on hosted Supabase, supabase/local's clock here. The caller's key grants nothing; the function acts with its
// own service-role key. Answers how many mails went, how many failed (to be retried with backoff) and how many
// the mail API refused for good (not retried).
import {jsonResponse, type FunctionCore} from '../_shared/functionCore.ts'
import {drainOutbox} from './drain.ts'
import {outbox} from './outbox.ts'
import {MissingSetting, readSettings} from './settings.ts'

export const handle: FunctionCore = async (request, env) => {
  if (request.method !== 'POST')
    return jsonResponse(405, {error: 'notify-staff answers POST only'}, {Allow: 'POST'})
  try {
    const settings = readSettings(env)
    const result = await drainOutbox(
      settings,
      outbox(settings.supabaseUrl, settings.serviceRoleKey),
    )
    return jsonResponse(200, result)
  } catch (error) {
    const message =
      error instanceof MissingSetting
        ? error.message
        : `notify-staff failed: ${(error as Error).message}`
    console.error(message)
    return jsonResponse(500, {error: message})
  }
}
