// Reading a server's settings from the environment: each room reads only its own variables, through these.

export type Env = Record<string, string | undefined>

/** A port from `name`, or `fallback` when unset; 0 takes a free one. Anything else is refused, naming the variable. */
export function portSetting(name: string, fallback: number, env: Env = process.env): number {
  const value = Number(env[name] || fallback)
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} "${env[name]}" is not a port number`)
  return value
}

/** An address from `name`, or `fallback` when unset, refused when it is not a URL. */
export function urlSetting(name: string, fallback: string, env: Env = process.env): string {
  const value = env[name] || fallback
  if (!URL.canParse(value)) throw new Error(`${name} "${value}" is not a URL`)
  return value
}
