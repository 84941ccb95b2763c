// What the transaction log tells of a release: the versions its archive removed, which unarchive restores
// (@sanity/client 8 src/types.ts `UnarchiveReleaseAction`: "restores all the release documents").
import type {StoredDocument} from '../documents/documents.ts'
import {
  isReleaseDocument,
  releaseDocumentId,
  VERSIONS_PREFIX,
} from '../documents/releaseDocuments.ts'
import type {LoggedTransaction} from '../store/transactionLog.ts'

/** The versions the release's latest archive deleted, each as it was before. */
export function archivedVersionsOf(
  transactions: readonly LoggedTransaction[],
  releaseId: string,
): StoredDocument[] {
  const releaseDoc = releaseDocumentId(releaseId)
  const prefix = `${VERSIONS_PREFIX}${releaseId}.`
  const archive = transactions.findLastIndex((transaction) => {
    const after = transaction.documents[releaseDoc]
    return isReleaseDocument(after ?? undefined) && after?.state === 'archived'
  })
  if (archive < 0) return []
  const removed = Object.entries(transactions[archive]?.documents ?? {}).flatMap(([id, after]) =>
    id.startsWith(prefix) && after === null ? [id] : [],
  )
  return removed.flatMap((id) => {
    const before = transactions
      .slice(0, archive)
      .findLast((transaction) => transaction.documents[id])
    const doc = before?.documents[id]
    return doc ? [doc] : []
  })
}
