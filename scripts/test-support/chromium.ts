// The browser every browser test and benchmark uses: Debian's chromium, started without network chatter.
import {existsSync} from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function assertChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install Debian's chromium (apt-get install -y chromium), ` +
        'or set CHROMIUM_PATH to a Chromium binary.',
    )
  }
}
