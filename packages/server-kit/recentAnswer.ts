// An answer that costs a request to another service (a readiness check asking the lake), got at most once in
// `maxAgeMs` and shared by every caller meanwhile: however often the internet asks an open /readyz, the service
// is asked no more often than that.
export function recentAnswer<T>(
  get: () => Promise<T>,
  maxAgeMs: number,
  now: () => number = () => performance.now(),
): () => Promise<T> {
  let kept: {at: number; answer: Promise<T>} | undefined
  return () => {
    if (!kept || now() - kept.at >= maxAgeMs) kept = {at: now(), answer: get()}
    return kept.answer
  }
}
