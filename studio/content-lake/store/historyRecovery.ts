// The transaction log's entries a crash kept from being written, made again from the journals when a start replays
// them (transactionLog.ts): every journal line past the one the log ends with, in order, each with its effects
// computed from the documents as the line found them, as the write path computed them (writes/transactions.ts).
// The log is written in the journal's order and never ahead of it, so the lines it lacks follow the one it ends
// with; if no journal holds that one, a compaction has removed it, and every line the journals hold is newer.
import type {StoredDocument} from '../documents/documents.ts'
import type {JournalLine, LineReplayed} from './datasetText.ts'
import {documentEffects} from './effects.ts'
import type {LoggedTransaction} from './transactionLog.ts'

/** The start of a journal line that holds `transactionId` (datasetFile.ts writes the id first). */
const lineStart = (transactionId: string) => `{"transactionId":${JSON.stringify(transactionId)},`

function entryOf(
  line: JournalLine & {timestamp: string},
  before: ReadonlyMap<string, StoredDocument>,
): LoggedTransaction {
  const documentIDs = Object.keys(line.documents)
  return {
    id: line.transactionId,
    timestamp: line.timestamp,
    author: line.author ?? '',
    documentIDs,
    effects: Object.fromEntries(
      documentIDs.map((id) => [
        id,
        documentEffects(before.get(id) ?? null, line.documents[id] ?? null),
      ]),
    ),
    documents: line.documents,
  }
}

export class HistoryRecovery {
  /** The entries made again, oldest first. */
  readonly recovered: LoggedTransaction[] = []
  readonly #lastLogged: LoggedTransaction | undefined

  /** `lastLogged`: the log's last entry on disk, if any. */
  constructor(lastLogged: LoggedTransaction | undefined) {
    this.#lastLogged = lastLogged
  }

  /** What a replay of `journals` is to tell of each line, to find those past the log's last entry. */
  replaying(journals: readonly string[]): LineReplayed {
    const last = this.#lastLogged
    const marker = last && lineStart(last.id)
    let past =
      !marker || !journals.some((text) => text.startsWith(marker) || text.includes(`\n${marker}`))
    return (line, documents) => {
      if (!past) {
        past =
          line.transactionId === last?.id &&
          (line.timestamp === undefined || line.timestamp === last.timestamp)
        return
      }
      // A line written before lines carried their stamp was logged as it was written.
      if (line.timestamp !== undefined)
        this.recovered.push(entryOf({...line, timestamp: line.timestamp}, documents))
    }
  }
}
