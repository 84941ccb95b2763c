// The browsers of the browser tests and benchmarks, started without network chatter: Debian's chromium for the
// benchmarks (Lighthouse drives the full browser), and for the browser tests its headless shell (the package
// chromium-headless-shell), the build Playwright itself runs headless tests in: the same Blink and V8 without the
// full browser's UI and compositor, a third of the processor time per test.
import {existsSync} from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/lib/chromium/chromium-headless-shell'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

const INSTALL = 'apt-get install -y chromium chromium-headless-shell'

export function assertChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install Debian's chromium (${INSTALL}), ` +
        'or set CHROMIUM_PATH to a Chromium binary.',
    )
  }
}

export function assertHeadlessShell() {
  if (!existsSync(HEADLESS_SHELL_PATH)) {
    throw new Error(
      `Chromium's headless shell was not found at ${HEADLESS_SHELL_PATH}. Install Debian's ` +
        `chromium-headless-shell (${INSTALL}), or set CHROMIUM_HEADLESS_SHELL_PATH to one.`,
    )
  }
}
