// `npm run studio`: Sanity Studio on STUDIO_PORT for the configured Sanity project.
// Without a project it says exactly what to set, and fails: the Studio's editor needs Sanity's API.
import {repositoryRoot, run} from '../run.ts'

const projectId = process.env.SANITY_STUDIO_PROJECT_ID
const port = process.env.STUDIO_PORT || '3333'

if (!projectId) {
  console.error(`The Studio needs a Sanity project. Set these (in .env or the environment) and run it again:

  SANITY_STUDIO_PROJECT_ID=<your project id>     from sanity.io/manage
  SANITY_STUDIO_DATASET=production               the dataset to edit

For the site to read the same content, also set SANITY_PROJECT_ID, SANITY_DATASET and SANITY_API_HOST=
(empty); see "Connect a real Sanity project" in README.md.`)
  process.exit(1)
}

await run('sanity', ['dev', '--port', port], {cwd: `${repositoryRoot}/studio`})
