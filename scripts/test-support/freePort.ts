// A port nothing listens on right now, for a server whose address must be known before it starts.
import {createServer, type AddressInfo} from 'node:net'

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
    probe.once('error', reject)
  })
