// One site server in a process of its own, for the operations bench (operations.ts): serves the build at argv[2],
// bare (`bare`: no log, request ids, health or metrics) or as deployed (`observed`), logging as LOG_LEVEL and
// LOG_FORMAT say to standard output; says its port on standard error.
import {startSiteServer} from '@quantedge/site-server/server'

const [root, mode] = process.argv.slice(2)
if (!root || (mode !== 'bare' && mode !== 'observed'))
  throw new Error('Usage: siteServer.ts <build root> bare|observed')
const site = await startSiteServer(root, 0, '127.0.0.1', {observe: mode === 'observed'})
process.stderr.write(`listening ${site.port}\n`)
