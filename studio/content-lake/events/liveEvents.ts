// The Live Content API (`GET /data/live/events/<dataset>`), which the Presentation tool and the publish hook keep
// open: a welcome, then after every committed change a subscriber may see, a `message` event whose data is
// `{"tags": [...]}`, the sync tags the change invalidates (syncTags.ts), as Sanity sends them
// (https://www.sanity.io/docs/live-api-reference; @sanity/client's `live.events()` reads `data.tags`).
import {randomUUID} from 'node:crypto'
import type {HttpResponse} from '@quantedge/server-kit/send'
import {isPrivateId, type StoredDocument} from '../documents/documents.ts'
import {openEventStream} from './eventStream.ts'
import {changeSyncTags} from '../queries/syncTags.ts'

type Subscriber = {dataset: string; includeDrafts: boolean; res: HttpResponse}

type Change = {id: string; before: StoredDocument | null; after: StoredDocument | null}

export class LiveEvents {
  readonly #subscribers = new Set<Subscriber>()

  open(dataset: string, includeDrafts: boolean, res: HttpResponse) {
    const subscriber = {dataset, includeDrafts, res}
    this.#subscribers.add(subscriber)
    openEventStream(res, `event: welcome\nid: ${randomUUID()}\ndata: {}\n\n`, () =>
      this.#subscribers.delete(subscriber),
    )
  }

  /** After a commit: every subscriber gets the tags of the changed documents it can see, if any. */
  changed(dataset: string, changes: readonly Change[]) {
    const visible = changes.filter(({id}) => !isPrivateId(id))
    const tags = {
      published: visible.length > 0 ? changeSyncTags(visible) : undefined,
      drafts: changes.length > 0 ? changeSyncTags(changes) : undefined,
    }
    for (const {dataset: watched, includeDrafts, res} of this.#subscribers) {
      const changed = includeDrafts ? tags.drafts : tags.published
      if (watched !== dataset || !changed) continue
      res.write(`event: message\nid: ${randomUUID()}\ndata: ${JSON.stringify({tags: changed})}\n\n`)
    }
  }

  closeAll() {
    for (const {res} of this.#subscribers) res.end()
    this.#subscribers.clear()
  }
}
