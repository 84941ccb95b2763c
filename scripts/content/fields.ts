// The `<path>=<JSON>` assignments `edit` and `release edit` take, as a patch's `set`.
export function parseFields(assignments: string[]) {
  return Object.fromEntries(
    assignments.map((assignment) => {
      const at = assignment.indexOf('=')
      if (at < 1) throw new Error(`"${assignment}" is not <path>=<JSON value>`)
      const raw = assignment.slice(at + 1)
      try {
        return [assignment.slice(0, at), JSON.parse(raw)]
      } catch {
        throw new Error(
          `The value of ${assignment.slice(0, at)} is not JSON (quote text: '"like this"')`,
        )
      }
    }),
  )
}
