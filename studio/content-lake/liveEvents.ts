// The Live Content API (`GET /data/live/events/<dataset>`), which the Presentation tool keeps open: a welcome,
// then a `restart` after every committed change a subscriber may see, telling it to refetch what it shows.
// (Sanity sends `message` events with cache tags; the lake has no tags, and `restart` is the event that
// means "everything may have changed".)
import {randomUUID} from 'node:crypto'
import {isPrivateId} from './documents.ts'
import {openEventStream, type LakeResponse} from './http.ts'

type Subscriber = {dataset: string; includeDrafts: boolean; res: LakeResponse}

export class LiveEvents {
  readonly #subscribers = new Set<Subscriber>()

  open(dataset: string, includeDrafts: boolean, res: LakeResponse) {
    const subscriber = {dataset, includeDrafts, res}
    this.#subscribers.add(subscriber)
    openEventStream(res, `event: welcome\nid: ${randomUUID()}\ndata: {}\n\n`, () =>
      this.#subscribers.delete(subscriber),
    )
  }

  /** After a commit: every subscriber that can see one of the changed documents is told to refetch. */
  changed(dataset: string, ids: readonly string[]) {
    for (const {dataset: watched, includeDrafts, res} of this.#subscribers) {
      if (watched !== dataset || !ids.some((id) => includeDrafts || !isPrivateId(id))) continue
      res.write(`event: restart\nid: ${randomUUID()}\ndata: {}\n\n`)
    }
  }

  closeAll() {
    for (const {res} of this.#subscribers) res.end()
    this.#subscribers.clear()
  }
}
