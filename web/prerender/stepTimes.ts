// Where a render's time goes, step by step: each lap is the time since the one before (or since the start), so the
// steps add up to the whole. The publish hook keeps them with each rebuild's outcome and the publish benchmark
// prints them.
export type StepTime = {step: string; ms: number}

export function stepTimes() {
  const steps: StepTime[] = []
  let last = performance.now()
  return {
    steps,
    /** Ends the step named `step` now. */
    lap(step: string) {
      const now = performance.now()
      steps.push({step, ms: Math.round((now - last) * 10) / 10})
      last = now
    },
  }
}
