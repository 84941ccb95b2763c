// Whether something answers at a URL with a success within two seconds: how a tool tells a running server.

export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, {signal: AbortSignal.timeout(2000)})).ok
  } catch {
    return false
  }
}
