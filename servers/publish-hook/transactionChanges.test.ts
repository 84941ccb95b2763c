import {describe, expect, it} from 'vitest'
import {TransactionChanges, type ChangedDocument} from './transactionChanges.ts'

const straddle = {id: 'indicator-straddle', type: 'indicator'}
const strangle = {id: 'indicator-strangle', type: 'indicator'}
const indexPlan = {id: 'plan-index', type: 'plan'}

/** A lookup answering from a fixed transaction log, counting its calls. */
function lookupOf(log: Record<string, ChangedDocument[]>) {
  const calls: string[] = []
  const documentsOf = async (transactionId: string) => {
    calls.push(transactionId)
    return log[transactionId] ?? []
  }
  return {calls, documentsOf}
}

describe('TransactionChanges', () => {
  it('names the whole release publish for its first webhook and nothing more for the others', async () => {
    const lookup = lookupOf({tx1: [straddle, strangle, indexPlan]})
    const changes = new TransactionChanges(lookup)
    expect(await changes.changesFor('tx1', strangle)).toEqual([strangle, straddle, indexPlan])
    expect(await changes.changesFor('tx1', straddle)).toEqual([])
    expect(await changes.changesFor('tx1', indexPlan)).toEqual([])
    expect(lookup.calls).toEqual(['tx1'])
  })

  it('looks a transaction up once when its webhooks arrive together', async () => {
    const lookup = lookupOf({tx1: [straddle, strangle, indexPlan]})
    const changes = new TransactionChanges(lookup)
    const all = await Promise.all(
      [straddle, strangle, indexPlan].map((named) => changes.changesFor('tx1', named)),
    )
    expect(
      all
        .flat()
        .map(({id}) => id)
        .sort(),
    ).toEqual(['indicator-straddle', 'indicator-strangle', 'plan-index'].sort())
    expect(all.filter((found) => found.length > 0)).toHaveLength(1)
    expect(lookup.calls).toEqual(['tx1'])
  })

  it('adds a document the lookup could not find (deleted by the transaction) once', async () => {
    const lookup = lookupOf({tx1: [straddle]})
    const changes = new TransactionChanges(lookup)
    expect(await changes.changesFor('tx1', indexPlan, true)).toEqual([indexPlan, straddle])
    expect(await changes.changesFor('tx1', indexPlan, true)).toEqual([])
    expect(lookup.calls).toEqual(['tx1'])
  })

  it('asks again while the lookup does not yet see the webhook’s own document (queries lag writes)', async () => {
    const answers = [[], [straddle], [straddle, strangle, indexPlan]]
    const calls: string[] = []
    const changes = new TransactionChanges({
      documentsOf: async (transactionId) => {
        calls.push(transactionId)
        return answers.shift() ?? []
      },
      lookupRetryMs: 0,
    })
    expect(await changes.changesFor('tx1', strangle)).toEqual([strangle, straddle, indexPlan])
    expect(calls).toEqual(['tx1', 'tx1', 'tx1'])
  })

  it('takes what the lookup sees after its last retry', async () => {
    const lookup = lookupOf({tx1: [straddle]})
    const changes = new TransactionChanges({...lookup, lookupRetries: 2, lookupRetryMs: 0})
    expect(await changes.changesFor('tx1', indexPlan)).toEqual([indexPlan, straddle])
    expect(lookup.calls).toEqual(['tx1', 'tx1', 'tx1'])
  })

  it('keeps transactions apart, and a webhook without a transaction names its document alone', async () => {
    const lookup = lookupOf({tx1: [straddle, strangle], tx2: [straddle]})
    const changes = new TransactionChanges(lookup)
    expect(await changes.changesFor('tx1', straddle)).toEqual([straddle, strangle])
    expect(await changes.changesFor('tx2', straddle)).toEqual([straddle])
    expect(await changes.changesFor(undefined, straddle)).toEqual([straddle])
    expect(await changes.changesFor(undefined, straddle)).toEqual([straddle])
    expect(lookup.calls).toEqual(['tx1', 'tx2'])
  })

  it('rejects when the lookup fails, and looks again for the next webhook of that transaction', async () => {
    let fail = true
    const changes = new TransactionChanges({
      documentsOf: async () => {
        if (fail) throw new Error('lake unreachable')
        return [straddle, strangle]
      },
    })
    await expect(changes.changesFor('tx1', straddle)).rejects.toThrow('lake unreachable')
    fail = false
    expect(await changes.changesFor('tx1', strangle)).toEqual([strangle, straddle])
  })

  it('forgets the oldest transactions past what it remembers', async () => {
    const lookup = lookupOf({tx1: [straddle], tx2: [strangle]})
    const changes = new TransactionChanges({...lookup, remembered: 1})
    await changes.changesFor('tx1', straddle)
    await changes.changesFor('tx2', strangle)
    expect(await changes.changesFor('tx1', straddle)).toEqual([straddle])
    expect(lookup.calls).toEqual(['tx1', 'tx2', 'tx1'])
  })
})
