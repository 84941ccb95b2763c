import {describe, expect, it} from 'vitest'
import {deferHydrationInHtml} from './deferHydration.ts'

const page = `<head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry-2.js"/></head>
<body><h1>Hi</h1><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-4.js";
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry-2.js");</script></body>`

describe('deferring hydration until after the first paint', () => {
  const html = deferHydrationInHtml(page)
  const script = /<script type="module" async="">([\s\S]*)<\/script>/.exec(html)![1]!

  it('removes the preload links from the markup and adds them from the script, after the paint', () => {
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(script.indexOf('requestAnimationFrame')).toBeLessThan(script.indexOf('modulepreload'))
    expect(script).toContain('["/assets/manifest-1.js","/assets/entry-2.js"]')
  })

  it('yields between preload links, so their fetches do not start in one long task', () => {
    expect(script).toMatch(/\{\n\s*document\.head\.append\([^\n]*\);\n\s*await nextTask\(\);\n\}/)
    expect(script).toContain('scheduler?.yield?.()')
  })

  it('turns the static imports into dynamic ones bound to the same names, then boots as before', () => {
    expect(script).not.toMatch(/^import /m)
    expect(script).toContain(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root-3.js"), import("/assets/home-4.js")]);',
    )
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    )
    expect(script.trim().endsWith('import("/assets/entry-2.js");')).toBe(true)
  })

  it('leaves a page without a boot script alone', () => {
    expect(deferHydrationInHtml('<p>static</p>')).toBe('<p>static</p>')
  })
})
