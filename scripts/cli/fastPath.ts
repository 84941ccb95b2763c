// The line `npm start` prints under the Studio's address: whether this user's browsers reach the embedded lake
// over HTTP/2 (its local authority trusted, `npm run trust`) or over plain HTTP with the stream ports.
import {X509Certificate} from 'node:crypto'
import {existsSync, readFileSync} from 'node:fs'
import {authorityCertificatePath} from '@quantedge/content-lake/certificates'
import type {LakeEnv} from '@quantedge/content-lake/settings'
import {trustedWhere} from './trust/trusted.ts'

export function fastPathLine(lake: Pick<LakeEnv, 'certificateDir' | 'streamPorts'>) {
  const authorityPath = authorityCertificatePath(lake.certificateDir)
  const where = existsSync(authorityPath)
    ? trustedWhere(new X509Certificate(readFileSync(authorityPath)))
    : undefined
  return where
    ? `fast path on: the Studio talks HTTP/2 to the lake (its authority is trusted in ${where})`
    : `fast path off: the Studio talks plain HTTP to the lake, its live streams over ports ${lake.streamPorts.join(', ')} (npm run trust turns HTTP/2 on)`
}
