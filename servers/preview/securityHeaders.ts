// The draft preview's headers: the public site's (web/prerender/securityHeaders.ts), with each page's policy
// made from the page as rendered for this request (its inline scripts differ with every draft), except that the
// Studio's origin may frame it (the Presentation tool shows it in an iframe) and that styles inserted by script
// are allowed (the visual-editing overlay, @sanity/visual-editing, inserts its own `<style>` elements).
import {assetOrigin, readContentEnv} from '@quantedge/content-access/env'
import {CSP_REPORT_PATH} from '@quantedge/server-kit/cspReports'
import {readSupabaseSettings} from '@quantedge/web/auth/settings'
import {
  contentSecurityPolicy,
  resourceOrigins,
} from '@quantedge/web/prerender/contentSecurityPolicy'
import {SECURITY_HEADERS} from '@quantedge/server-kit/securityHeaders'

/** The headers of an answer: with its HTML, that page's policy; without, the headers every answer gets. */
export function previewHeaders(studioOrigin: string, env: NodeJS.ProcessEnv = process.env) {
  const assets = assetOrigin(readContentEnv(env))
  const supabase = new URL(readSupabaseSettings(env).url).origin
  return (html: string | undefined): Record<string, string> => {
    if (html === undefined) return SECURITY_HEADERS
    const {images, media} = resourceOrigins(html)
    return {
      ...SECURITY_HEADERS,
      'Content-Security-Policy': contentSecurityPolicy(html, {
        images: [assets, ...images],
        media: [assets, ...media],
        connect: [supabase],
        frameAncestors: [new URL(studioOrigin).origin],
        reportUri: CSP_REPORT_PATH,
        scriptInsertedStyles: true,
      }),
    }
  }
}
