// How long ago a lead came in, as a list shows it in a glance: "just now", "5 min", "3 h", "2 d", "6 wk", "4 mo".
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export function leadAge(createdAt: string, now: number = Date.now()): string {
  const age = Math.max(0, now - Date.parse(createdAt))
  if (age < MINUTE) return 'just now'
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min`
  if (age < DAY) return `${Math.floor(age / HOUR)} h`
  if (age < 14 * DAY) return `${Math.floor(age / DAY)} d`
  if (age < 60 * DAY) return `${Math.floor(age / (7 * DAY))} wk`
  return `${Math.floor(age / (30 * DAY))} mo`
}
