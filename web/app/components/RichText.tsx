import {PortableText, type PortableTextComponents} from '@portabletext/react'
import type {RichText as RichTextValue} from '@quantedge/schemas/types'
import {clean} from '../content/clean.ts'

/**
 * A link goes where a link should: a web page, a mail or phone address, or a place on this site. Anything else (a
 * `javascript:` URL written to the lake past the Studio's validation) is shown as text; the page's Content
 * Security Policy would refuse to run it anyway.
 */
const SAFE_HREF = /^(https?:|mailto:|tel:|\/|#)/i

const components: PortableTextComponents = {
  marks: {
    link: ({value, children}) => {
      const href = clean((value as {href?: string} | undefined)?.href ?? '#').trim()
      if (!SAFE_HREF.test(href)) return <>{children}</>
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
