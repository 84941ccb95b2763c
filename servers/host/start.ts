// What a release runs (`npm start` in it, and its container's command): an older Node.js is refused with one line
// before anything else loads; then the servers its arguments name start together in this process, each from its
// settings in the environment: `site` (the site server with its publish hook, which renders the site's pages from
// the lake) and `preview` (the draft preview); both when none is named. A server that cannot start stops the
// process with one line naming the setting at fault.
import {nodeRefusal} from './nodeVersion.ts'

const SERVERS = {
  site: () => import('@quantedge/publish-hook/main'),
  preview: () => import('@quantedge/preview-server/main'),
}
type ServerName = keyof typeof SERVERS
const isServer = (name: string): name is ServerName => Object.hasOwn(SERVERS, name)

const refusal = nodeRefusal(process.versions.node)
const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !isServer(name))
if (refusal || unknown.length > 0) {
  console.error(
    refusal ??
      `No such server: ${unknown.join(', ')}. Name any of ${Object.keys(SERVERS).join(', ')} (none: all of them).`,
  )
  process.exit(1)
}
const names = asked.length > 0 ? asked.filter(isServer) : (Object.keys(SERVERS) as ServerName[])
const {serverLog} = await import('@quantedge/server-kit/log')
serverLog('host').info(`starting ${names.join(' and ')} on Node.js ${process.versions.node}`)
await Promise.all(names.map((name) => SERVERS[name]()))
