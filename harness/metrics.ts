// A server's /metrics read as Prometheus reads it (the text exposition format), for tests: the value of a metric
// summed over the series whose labels include the ones asked for (0 when there is none yet).
export type Scrape = {
  text: string
  value: (name: string, labels?: Record<string, string>) => number
}

const SERIES = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g

export function parseMetrics(text: string): Scrape {
  const series = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labels = '', value = ''] = SERIES.exec(line) ?? []
      return {
        name,
        labels: Object.fromEntries([...labels.matchAll(LABEL)].map(([, key, val]) => [key, val])),
        value: Number(value),
      }
    })
  return {
    text,
    value: (name, labels = {}) =>
      series
        .filter(
          (one) =>
            one.name === name &&
            Object.entries(labels).every(([key, val]) => one.labels[key] === val),
        )
        .reduce((sum, one) => sum + one.value, 0),
  }
}

/** `GET <origin>/metrics`, refused unless it answers 200. */
export async function scrape(origin: string): Promise<Scrape> {
  const response = await fetch(new URL('/metrics', origin))
  if (!response.ok) throw new Error(`${origin}/metrics answered ${response.status}`)
  return parseMetrics(await response.text())
}
