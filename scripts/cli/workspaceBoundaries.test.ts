// Workspaces reach each other through package exports only: ESLint (eslint.config.js) refuses a relative import
// that crosses into another workspace, and lets one inside a workspace through.
import {join} from 'node:path'
import {ESLint} from 'eslint'
import {repositoryRoot} from '@quantedge/server-kit/run'
import {expect, it} from 'vitest'

const lint = async (file: string, code: string) => {
  const [result] = await new ESLint({cwd: repositoryRoot}).lintText(code, {
    filePath: join(repositoryRoot, file),
  })
  return result!.messages.map(({ruleId, message}) => ({ruleId, message}))
}

it('refuses a relative import from one workspace into another', async () => {
  const messages = await lint(
    'web/app/content/probe.ts',
    "import {run} from '../../../packages/server-kit/run.ts'\nexport const probe = run\n",
  )
  expect(messages).toEqual([expect.objectContaining({ruleId: 'import/no-relative-packages'})])
})

it('refuses one into a nested workspace too (the lake inside the Studio’s folder)', async () => {
  const messages = await lint(
    'studio/probe.ts',
    "import {LOCAL_LOGIN_PATH} from './content-lake/localLogin.ts'\nexport const probe = LOCAL_LOGIN_PATH\n",
  )
  expect(messages).toEqual([expect.objectContaining({ruleId: 'import/no-relative-packages'})])
})

it('lets relative imports inside a workspace and package imports across them through', async () => {
  const code =
    "import {formatDate} from './format.ts'\nimport {run} from '@quantedge/server-kit/run'\nexport const probe = [formatDate, run]\n"
  expect(await lint('web/app/content/probe.ts', code)).toEqual([])
})
