// A seed document is a generated document type without the fields the Content Lake sets itself.
import type {RichText} from '@quantedge/schemas/types'

export type SeedDocument<T extends {_id: string; _type: string}> = Omit<
  T,
  '_createdAt' | '_updatedAt' | '_rev'
>

type Block = RichText[number]

/** Builds Portable Text with stable keys, so a re-seed with --force writes the same document. */
export function richText(
  keyPrefix: string,
  blocks: Array<['h2' | 'h3' | 'normal' | 'bullet', string]>,
): RichText {
  return blocks.map(([kind, text], index): Block => {
    const key = `${keyPrefix}-${index}`
    return {
      _type: 'block',
      _key: key,
      style: kind === 'bullet' ? 'normal' : kind,
      ...(kind === 'bullet' ? {listItem: 'bullet' as const, level: 1} : {}),
      markDefs: [],
      children: [{_type: 'span', _key: `${key}-span`, text, marks: []}],
    }
  })
}
