// Walking a parsed page: every element once, in document order, a template's contents included.
import {expect, it} from 'vitest'
import {elements} from './securityHeaders.ts'

it('lists every element in document order, a template’s contents after its children', () => {
  const page = `<!doctype html><html><head><title>t</title><style>a{}</style></head><body>
<main><p>one <em>two</em></p><template><script>inside()</script></template><ul><li>a</li><li>b</li></ul></main>
<script>after()</script></body></html>`
  expect([...elements(page)].map(({tagName}) => tagName)).toEqual([
    'html',
    'head',
    'title',
    'style',
    'body',
    'main',
    'p',
    'em',
    'template',
    'script',
    'ul',
    'li',
    'li',
    'script',
  ])
})

it('walks a page nested deeper than a call stack goes', () => {
  const depth = 20_000
  const page = `${'<div>'.repeat(depth)}<img src="x">${'</div>'.repeat(depth)}`
  expect([...elements(page)].filter(({tagName}) => tagName === 'img')).toHaveLength(1)
})
