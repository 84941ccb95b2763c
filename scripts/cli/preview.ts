// `npm run preview:drafts`: the deployed draft-preview server (servers/preview) on this machine, with its build
// made first (web/build-preview; a kept build of the same sources is copied), as `npm run release` makes it for a
// host.
import {buildPreviewSite} from '@quantedge/web/prerender'

await buildPreviewSite()
await import('@quantedge/preview-server/main')
