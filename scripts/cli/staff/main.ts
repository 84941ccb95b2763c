// `npm run staff -- add <email>` / `remove <email>` / `list`: who may open the staff page and work the leads.
// Uses the configured Supabase with the service role (serviceRole.ts), the same against supabase/local and a
// hosted project.
import {withServiceRole} from '../serviceRole.ts'
import {addStaff, listStaff, removeStaff, StaffRefusal} from './staffList.ts'

const USAGE = `Usage:
  npm run staff -- add <email>      make the account with this e-mail address staff
  npm run staff -- remove <email>   take it off the staff (its leads lose their owner)
  npm run staff -- list             who is staff`

const [command, email, ...extra] = process.argv.slice(2)
const needsEmail = command === 'add' || command === 'remove'
if (
  !(needsEmail || command === 'list') ||
  (needsEmail ? !email || extra.length > 0 : email !== undefined)
) {
  console.error(USAGE)
  process.exit(2)
}

await withServiceRole('change the staff', async (client, url) => {
  try {
    if (command === 'add') console.log(await addStaff(client, email!))
    else if (command === 'remove') console.log(await removeStaff(client, email!))
    else {
      const staff = await listStaff(client)
      if (staff.length === 0)
        console.log(`No staff yet at ${url}. Add someone: npm run staff -- add <email>`)
      for (const member of staff)
        console.log(
          `${member.email}  (staff since ${new Date(member.addedAt).toLocaleDateString('en-IN')})`,
        )
    }
  } catch (error) {
    console.error(
      error instanceof StaffRefusal ? error.message : `${(error as Error).message} (${url})`,
    )
    process.exitCode = 1
  }
})
