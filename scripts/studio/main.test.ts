// `npm run studio` without a Sanity project says exactly what to set, and fails.
import {execFile} from 'node:child_process'
import {promisify} from 'node:util'
import {expect, it} from 'vitest'

it('names the variables to set and exits non-zero', async () => {
  const {SANITY_STUDIO_PROJECT_ID: _unset, ...env} = process.env
  const result = await promisify(execFile)(process.execPath, ['scripts/studio/main.ts'], {env}).then(
    () => ({code: 0, stderr: ''}),
    (error: {code: number; stderr: string}) => error,
  )
  expect(result.code).toBe(1)
  expect(result.stderr).toContain('SANITY_STUDIO_PROJECT_ID=')
  expect(result.stderr).toContain('SANITY_STUDIO_DATASET=')
})
