// Mendoza effects: how a transaction changed one document, as patches the Studio applies with `mendoza`.
// A changed or new field is set by its key, so the Studio's history attributes each field to the
// transaction that changed it. A removed field would be addressed by its position among the old keys,
// which a copy of the document with other keys would misread, so then (and on create and delete) the
// patch holds the whole document. Revisions are not content: `_rev` is left out, as Sanity does.
import {isDeepStrictEqual} from 'node:util'
import type {RawPatch} from 'mendoza'
import type {StoredDocument} from '../documents/documents.ts'

export type DocumentEffects = {apply: RawPatch; revert: RawPatch}

// Opcodes: `[0, value]` gives `value`; `[17, value, key]` sets the field `key` of the input to `value`.
const VALUE = 0
const OBJECT_SET_FIELD_VALUE = 17

type Content = Omit<StoredDocument, '_rev'>

const contentOf = (doc: StoredDocument | null): Content | null => {
  if (!doc) return null
  const {_rev: _revision, ...content} = doc
  return content
}

function patch(from: Content | null, to: Content | null): RawPatch {
  if (!from || !to || Object.keys(from).some((key) => !(key in to))) return [VALUE, to]
  return Object.entries(to).flatMap(([key, value]) =>
    isDeepStrictEqual(from[key], value) ? [] : [OBJECT_SET_FIELD_VALUE, value, key],
  )
}

export function documentEffects(
  before: StoredDocument | null,
  after: StoredDocument | null,
): DocumentEffects {
  const [from, to] = [contentOf(before), contentOf(after)]
  return {apply: patch(from, to), revert: patch(to, from)}
}
