// Preloaded by the npm scripts (`node --import=@quantedge/server-kit/settingsFiles`): the settings they run with.
// The shell's win, then .env's (a developer's own, gitignored, often absent), then .env.example's (this machine's
// value for every setting). Read here rather than by node's --env-file-if-exists, which prints a line on every
// run without a .env; process.loadEnvFile keeps a variable that is set already, so the first file read wins.
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {repositoryRoot} from './repositoryRoot.ts'

const developerSettings = join(repositoryRoot, '.env')
if (existsSync(developerSettings)) process.loadEnvFile(developerSettings)
process.loadEnvFile(join(repositoryRoot, '.env.example'))
