// An editor's browser as a new user starts it, for the Studio's browser test and bench: Chromium with a fresh
// profile and HOME pointing at a folder of its own, so the only local authorities it trusts are those in that
// folder's NSS store (~/.pki/nssdb), and no flag about certificates. `trustedHome` fills such a store the way a
// developer does, with `npm run trust`.
import {execFile} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {chromium} from '@playwright/test'
import {repositoryRoot} from '@quantedge/server-kit/repositoryRoot'
import {CHROMIUM_ARGS} from './chromium.ts'

/** An empty home folder (no NSS store: the browser trusts no local authority), removed by `remove`. */
export function emptyHome() {
  const path = mkdtempSync(join(tmpdir(), 'editor-home-'))
  return {path, remove: () => rmSync(path, {recursive: true, force: true})}
}

/** A home folder whose NSS store `npm run trust` filled with the authority kept in `certificateDir`. */
export async function trustedHome(certificateDir: string) {
  const home = emptyHome()
  await promisify(execFile)(
    process.execPath,
    ['--import=@quantedge/server-kit/settingsFiles', 'scripts/cli/trust/main.ts'],
    {
      cwd: repositoryRoot,
      env: {...process.env, HOME: home.path, CONTENT_LAKE_CERT_DIR: certificateDir},
    },
  )
  return home
}

/** Chromium (`executablePath`) with a fresh profile and HOME set to `home`. */
export const editorBrowser = (executablePath: string, home: string) =>
  chromium.launch({executablePath, args: CHROMIUM_ARGS, env: {...process.env, HOME: home}})
