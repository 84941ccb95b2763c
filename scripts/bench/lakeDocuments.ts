// Documents as an editor's are in Sanity: a name, a reference and a body of Portable Text (six blocks of rich
// text as Sanity stores them, about 6 KB of JSON a document), their words drawn from a vocabulary by a seeded
// generator, so no two bodies are the same and none compresses to one repeated string.

const TYPES = [
  'article',
  'author',
  'category',
  'faq',
  'indicator',
  'page',
  'plan',
  'product',
  'release',
  'testimonial',
]

const WORDS = (
  'the a of to and in for on with by from at as is are was be it this that these which their its our your ' +
  'trader traders market markets strategy strategies backtest backtesting indicator indicators signal signals ' +
  'price prices volume volatility momentum trend trends breakout reversal moving average exponential relative ' +
  'strength index bollinger band bands support resistance candle candles chart charts timeframe intraday swing ' +
  'position positions risk reward stop loss target profit drawdown portfolio equity options futures nifty bank ' +
  'sensex expiry premium strike hedge spread order orders broker execution slippage latency automation python ' +
  'pandas dataframe script alert alerts webhook tradetron tradingview pine condition conditions entry exit rule ' +
  'rules parameter parameters optimise optimised sample walk forward overfitting robust daily weekly monthly ' +
  'session open close high low gap fill range squeeze divergence oscillator crossover confirmation filter ' +
  'quickly carefully usually often rarely simple clear small large new tested proven live paper account capital'
).split(' ')

const BLOCKS = 6
const WORDS_PER_BLOCK = 118

/** A small deterministic generator (mulberry32), so a run can be replayed. */
export function numbers(seed: number) {
  let state = seed | 0
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)
    return ((mixed ^ (mixed >>> 14)) >>> 0) % below
  }
}

const key = (next: (below: number) => number) =>
  next(2 ** 32)
    .toString(16)
    .padStart(8, '0')

function sentence(next: (below: number) => number, words: number) {
  const picked = Array.from({length: words}, () => WORDS[next(WORDS.length)] ?? 'market')
  const [first = '', ...rest] = picked
  return `${first.charAt(0).toUpperCase()}${first.slice(1)} ${rest.join(' ')}.`
}

/** One Portable Text block of a paragraph, as the Studio's editor stores it. */
export function block(next: (below: number) => number) {
  const sentences: string[] = []
  for (let words = 0; words < WORDS_PER_BLOCK;) {
    const length = 6 + next(14)
    sentences.push(sentence(next, length))
    words += length
  }
  return {
    _type: 'block',
    _key: key(next),
    style: 'normal',
    markDefs: [],
    children: [{_type: 'span', _key: key(next), text: sentences.join(' '), marks: []}],
  }
}

/** The document at `index` as its `revision`th write made it: about 6 KB of JSON, with a reference. */
export function benchDocument(index: number, revision = 0) {
  const next = numbers(index * 7_919 + revision * 104_729 + 1)
  return {
    _id: `doc-${index}`,
    _type: TYPES[index % TYPES.length] ?? 'article',
    name: `${sentence(next, 3).slice(0, -1)} ${(index * 7919 + revision) % 100_003}`,
    author: {_type: 'reference', _ref: `doc-${(index * 31) % Math.max(1, index)}`},
    body: Array.from({length: BLOCKS}, () => block(next)),
  }
}
