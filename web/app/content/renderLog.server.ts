// What rendering a page notes about its content (a landing page's section, or a redirect, left out and why): an
// entry of the log the servers write (@quantedge/server-kit/log), never a line of its own. The draft preview hands
// its log over in the load context, so a note carries its server and request id; elsewhere (the publish hook's
// render process, a build) the entry is the render's.
import type {AppLoadContext} from 'react-router'
import {serverLog, type Log} from '@quantedge/server-kit/log'

declare module 'react-router' {
  interface AppLoadContext {
    /** The log of the server rendering the request (the draft preview's); absent, the render's. */
    log?: Log
  }
}

let render: Log | undefined

/** The render's log (one for the process): the publish hook's render process and a build write under its name. */
export const renderLog = (): Log => (render ??= serverLog('render'))

/** Where a loader notes what it left out. */
export const logFor = (context: Readonly<AppLoadContext> | undefined): Log =>
  context?.log ?? renderLog()
