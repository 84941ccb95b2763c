// `npm run estimates`: the stored free-estimate requests, newest last, read with the service role as the
// lead owner would. Uses the configured Supabase; the local stand-in runs for the command when needed.
import {withServiceRole} from './serviceRole.ts'

await withServiceRole('read the estimate requests', async (supabase, url) => {
  try {
    const {data, error} = await supabase
      .from('free_estimate_requests')
      .select('created_at, name, email, phone, platforms, requirements, description, user_id')
      .order('created_at', {ascending: true})
    if (error) throw new Error(error.message)
    if (data.length === 0) console.log(`No estimate requests yet at ${url}.`)
    for (const row of data) {
      console.log(
        `\n${new Date(row.created_at).toLocaleString('en-IN')}  ${row.name} <${row.email}>  ${row.phone}`,
      )
      console.log(
        `  platforms: ${row.platforms.join(', ')}; requirements: ${row.requirements.join(', ')}${row.user_id ? '; signed in' : ''}`,
      )
      console.log(`  ${row.description.replaceAll('\n', '\n  ')}`)
    }
    console.log(`\n${data.length} request(s).`)
  } catch (error) {
    console.error(
      `Reading estimate requests from ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
    )
    process.exitCode = 1
  }
})
