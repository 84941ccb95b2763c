import {PortableText, type PortableTextComponents} from '@portabletext/react'
import type {RichText as RichTextValue} from '@quantedge/schemas/types'
import {clean} from '../content/clean.ts'

const components: PortableTextComponents = {
  marks: {
    link: ({value, children}) => {
      const href = clean((value as {href?: string} | undefined)?.href ?? '#')
      const external = /^https:/.test(href)
      return (
        <a href={href} {...(external ? {target: '_blank', rel: 'noopener noreferrer'} : {})}>
          {children}
        </a>
      )
    },
  },
}

/** Legal texts and the about page, from Portable Text. */
export function RichText({value}: {value: RichTextValue}) {
  return (
    <div className="rich-text">
      <PortableText value={value} components={components} />
    </div>
  )
}
