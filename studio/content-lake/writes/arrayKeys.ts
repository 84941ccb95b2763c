// `autoGenerateArrayKeys=true` on `/data/mutate` (@sanity/client 8 `BaseMutationOptions.autoGenerateArrayKeys`, sent
// by `sanity migration run`, @sanity/migrate runner/run.ts): every object in an array the mutations write that has
// no `_key` gets one, as the Studio needs to address it. The documents of creates and the values of `set`,
// `setIfMissing` and `insert` are what a mutation writes.
import {randomBytes} from 'node:crypto'
import type {MutationInput} from './mutate.ts'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A key as Sanity makes them: 12 hex digits. */
const newKey = () => randomBytes(6).toString('hex')

function keyed(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item) => {
      const inner = keyed(item)
      return isObject(inner) && !('_key' in inner) ? {_key: newKey(), ...inner} : inner
    })
  if (!isObject(value)) return value
  return Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, keyed(inner)]))
}

const PATCH_WRITES = ['set', 'setIfMissing', 'insert']

/** The mutations with a `_key` on every keyless object of the arrays they write. */
export function withArrayKeys(mutations: MutationInput[]): MutationInput[] {
  return mutations.map((mutation) => {
    if ('patch' in mutation) {
      const patch = {...mutation.patch}
      for (const operation of PATCH_WRITES)
        if (operation in patch) patch[operation] = keyed(patch[operation])
      return {patch}
    }
    if ('delete' in mutation) return mutation
    const [[kind, doc] = []] = Object.entries(mutation)
    return {[kind as string]: keyed(doc)} as MutationInput
  })
}
