// Scheduled releases: each dataset's scheduled release is published at its `publishAt`, by the lake itself, as
// Sanity's Content Lake does (https://www.sanity.io/docs/content-lake/content-release-document-flow; @sanity/client
// 8 src/types.ts `ScheduleReleaseAction`: "Queues release for publishing at the given future time"). A release
// whose time passed while the lake was stopped is published when the lake starts, before it answers anyone, in
// publishAt order. A publish that fails leaves the release unpublished, active again with the error recorded
// (`ReleaseDocument.error.message`), as the Studio shows a failed scheduled publish.
import type {Clock} from '../releases/clock.ts'
import type {StoredDocument} from '../documents/documents.ts'
import {publishMutations} from './releaseActions.ts'
import {
  isReleaseDocument,
  releaseDocumentId,
  releaseDocuments,
  type ReleaseDocument,
} from '../documents/releaseDocuments.ts'
import type {LakeStore} from '../store/store.ts'
import type {Transactions} from '../writes/transactions.ts'
import {serverLog} from '@quantedge/server-kit/log'

/** The longest a timer can wait (Node's setTimeout limit); a later release is looked at again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1

type SchedulerParts = {
  store: LakeStore
  transactions: Transactions
  clock: Clock
  /** The versions a release's archive removed (releaseHistory.ts). */
  archivedVersions: (dataset: string, releaseId: string) => StoredDocument[]
}

const publishTimeOf = (release: ReleaseDocument) => Date.parse(release.publishAt ?? '')

export class ReleaseScheduler {
  readonly #parts: SchedulerParts
  readonly #timers = new Map<string, () => void>()
  #running: Promise<void> = Promise.resolve()
  #stopped = false

  constructor(parts: SchedulerParts) {
    this.#parts = parts
  }

  /** Publishes every release whose time has passed, oldest first, then waits for the next in each dataset. */
  async start() {
    for (const dataset of this.#parts.store.datasetNames()) await this.#publishDue(dataset)
  }

  /** After a commit that touched a release: look again at when the dataset's next release is due. */
  changed(dataset: string) {
    if (!this.#stopped) this.#arm(dataset)
  }

  /** Cancels the timers and waits for a publish under way. */
  async stop() {
    this.#stopped = true
    for (const cancel of this.#timers.values()) cancel()
    this.#timers.clear()
    await this.#running
  }

  #scheduled(dataset: string): ReleaseDocument[] {
    return releaseDocuments(this.#parts.store.documents(dataset))
      .filter((release) => release.state === 'scheduled' && !Number.isNaN(publishTimeOf(release)))
      .sort((a, b) => publishTimeOf(a) - publishTimeOf(b))
  }

  #arm(dataset: string) {
    this.#timers.get(dataset)?.()
    this.#timers.delete(dataset)
    const next = this.#scheduled(dataset)[0]
    if (!next) return
    const wait = Math.min(
      Math.max(0, publishTimeOf(next) - this.#parts.clock.now()),
      LONGEST_WAIT_MS,
    )
    this.#timers.set(
      dataset,
      this.#parts.clock.after(wait, () => {
        this.#timers.delete(dataset)
        this.#running = this.#running.then(() => this.#publishDue(dataset))
      }),
    )
  }

  async #publishDue(dataset: string) {
    if (this.#stopped) return
    const now = this.#parts.clock.now()
    for (const release of this.#scheduled(dataset)) {
      if (publishTimeOf(release) > now) break
      await this.#publish(dataset, release.name)
    }
    this.#arm(dataset)
  }

  /** One transaction, decided in its turn: the release may have been unscheduled or published meanwhile. */
  async #publish(dataset: string, releaseId: string) {
    const {transactions, clock} = this.#parts
    const due = (documents: ReadonlyMap<string, StoredDocument>) => {
      const release = documents.get(releaseDocumentId(releaseId))
      return isReleaseDocument(release) &&
        release.state === 'scheduled' &&
        publishTimeOf(release) <= clock.now()
        ? release
        : undefined
    }
    try {
      await transactions.commit(dataset, {
        mutations: (documents) => {
          const release = due(documents)
          if (!release) return []
          return publishMutations(release, {
            documents,
            now: new Date(clock.now()),
            archivedVersions: (id) => this.#parts.archivedVersions(dataset, id),
          })
        },
      })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      serverLog('content-lake').error(
        `the scheduled release "${releaseId}" was not published: ${message}`,
      )
      await transactions
        .commit(dataset, {
          mutations: (documents) => {
            const release = due(documents)
            return release
              ? [
                  {
                    patch: {
                      id: release._id,
                      set: {state: 'active', error: {message}},
                      unset: ['publishAt'],
                    },
                  },
                ]
              : []
          },
        })
        .catch((recordError: unknown) =>
          serverLog('content-lake').error(
            {err: recordError},
            'the failed publish was not recorded',
          ),
        )
    }
  }
}
