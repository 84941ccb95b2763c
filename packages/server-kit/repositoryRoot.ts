// The repository's root folder, which settings resolve data folders against and tools run in.
import {resolve} from 'node:path'

export const repositoryRoot = resolve(import.meta.dirname, '../..')
