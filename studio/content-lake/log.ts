// What the embedded lake writes about itself, through its server's log (server-kit's log.ts: one entry a line, with
// `server: content-lake`): one object every part writes to, so a test can listen to it.
import {serverLog, type Log} from '@quantedge/server-kit/log'

let log: Log | undefined
const current = () => (log ??= serverLog('content-lake'))

export const lakeLog = {
  /** Something the lake could not do, with the error that stopped it when there is one. */
  error: (message: string, error?: unknown) =>
    current().error(error === undefined ? {} : {err: error}, message),
}
