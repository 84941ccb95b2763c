// What Linux says of a process the bench started (/proc/<pid>/status and /proc/<pid>/stat): its resident memory,
// its peak, the CPU time it has used, and when it has come to rest.
import {readFileSync} from 'node:fs'

/** A `/proc/<pid>/status` field, in bytes (0 once the process is gone). */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM') {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}

/** Resident memory, threads included. */
export const residentBytes = (pid: number) => statusBytes(pid, 'VmRSS')
/** The most resident memory the process has held so far. */
export const peakBytes = (pid: number) => statusBytes(pid, 'VmHWM')

export const megabytes = (bytes: number) => Math.round(bytes / 1024 ** 2)

/** CPU time the process has used so far, in ms (utime and stime, in clock ticks of 10 ms). */
export function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')
  return (Number(fields?.[11]) + Number(fields?.[12])) * 10
}

/**
 * Until the process has done what was set off before (a lake applying an import in its query workers and
 * collecting the garbage of parsing it: a few hundred ms of CPU at 20,000 documents), so what is timed next meets
 * it at rest: two quiet 100 ms in a row, or `atMostMs`.
 */
export async function settled(pid: number, atMostMs = 10_000) {
  const giveUp = performance.now() + atMostMs
  let quiet = 0
  for (let before = cpuMs(pid); quiet < 2 && performance.now() < giveUp;) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = cpuMs(pid)
    quiet = now - before <= 10 ? quiet + 1 : 0
    before = now
  }
}
