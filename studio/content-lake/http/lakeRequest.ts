// What every endpoint of the lake is handed: the request as the route table has read it (the body within the
// route's limit, the token checked) and the lake's parts.
import type {Params} from '@quantedge/server-kit/routes'
import type {HttpResponse} from '@quantedge/server-kit/send'
import type {Clock} from '../releases/clock.ts'
import type {EditorAccount} from '../account/editorAccount.ts'
import type {ImageVariants} from '../images/imageVariants.ts'
import type {ImageWorkers} from '../images/imageWorkers.ts'
import type {Listeners} from '../events/listeners.ts'
import type {LiveEvents} from '../events/liveEvents.ts'
import type {QueryPool} from '../queries/queryPool.ts'
import type {LakeStore} from '../store/store.ts'
import type {TransactionLog} from '../store/transactionLog.ts'
import type {Transactions} from '../writes/transactions.ts'

export type Lake = {
  store: LakeStore
  log: TransactionLog
  listeners: Listeners
  liveEvents: LiveEvents
  queries: QueryPool
  transactions: Transactions
  projectId: string
  /** The plain HTTP address, which asset URLs use so pages and builds can fetch them. */
  publicUrl: string
  /** The token that may read drafts and write. */
  token: string
  /** The one local editor's sign-in sessions and preferences. */
  editor: EditorAccount
  /** The processes that transform images and analyse uploads, off the lake's thread. */
  images: ImageWorkers
  /** Transformed images, kept on disk (Sanity's image URL API). */
  variants: ImageVariants
  /** The time releases are published and scheduled by. */
  clock: Clock
}

export type LakeRequest = {
  res: HttpResponse
  method: string
  /** The route pattern's parameters: `version`, `dataset`, `0` for a trailing `*`, … */
  params: Params
  search: URLSearchParams
  /** Whether the request carries a token; one other than the lake's has been refused by then. */
  authenticated: boolean
  body: Buffer
  contentType: string | undefined
  /** The request's `Accept`, which `auto=format` reads. */
  accept: string | undefined
  /** Whether the request's browser origin is on the lake's CORS allow-list (true without an origin). */
  originAllowed: boolean
  lake: Lake
}

/** How an endpoint answers; the route table (endpoints.ts) names one per endpoint. */
export type Endpoint = (request: LakeRequest) => unknown
