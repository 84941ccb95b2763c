// Controls that answer from the first paint, before React hydrates. Menus and dialogs are the browser's own
// (popovers, <dialog> opened by invoker commands), so they need no script; this small one, inlined in <head>,
// fills the gaps: forms submitted early are held for React instead of navigating away, taps on buttons
// only React can answer are replayed once it can, and browsers without invoker commands or `closedby`
// get both. After hydration React owns every control.

export type EarlyControls = {
  /** Forms submitted before React claimed them: each is sent once, when its component mounts. */
  held: Set<HTMLFormElement>
  /** Forms React has taken over: their submits are React's alone. */
  claimed: WeakSet<HTMLFormElement>
  /** Buttons marked `data-replay` that were tapped before hydration, in order. */
  taps: HTMLElement[]
  hydrated: boolean
}

declare global {
  interface Window {
    earlyControls?: EarlyControls
  }
}

/** Runs inline, so it stays small and self-contained: nothing outside this function is in scope. */
export function installEarlyControls() {
  const early: EarlyControls = {held: new Set(), claimed: new WeakSet(), taps: [], hydrated: false}
  window.earlyControls = early
  const listen = (type: string, listener: (event: Event) => void) =>
    document.addEventListener(type, listener, true)
  listen('submit', (event) => {
    const form = event.target as HTMLFormElement
    if (!form.hasAttribute('data-held') || early.claimed.has(form)) return
    event.preventDefault()
    early.held.add(form)
    form.setAttribute('aria-busy', 'true')
  })
  const commands = 'commandForElement' in HTMLButtonElement.prototype
  const lightDismiss = 'closedBy' in HTMLDialogElement.prototype
  listen('click', (event) => {
    const target = event.target as Element
    const replayed = target.closest<HTMLElement>('[data-replay]')
    if (replayed && !early.hydrated) early.taps.push(replayed)
    const invoker = commands ? null : target.closest('button[commandfor]')
    const dialog = invoker && document.getElementById(invoker.getAttribute('commandfor') ?? '')
    if (dialog instanceof HTMLDialogElement) {
      if (invoker?.getAttribute('command') === 'show-modal' && !dialog.open) dialog.showModal()
      if (invoker?.getAttribute('command') === 'close') dialog.close()
    }
    if (!lightDismiss && target instanceof HTMLDialogElement && target.open) {
      const box = target.getBoundingClientRect()
      const {clientX: x, clientY: y} = event as MouseEvent
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) target.close()
    }
  })
}

export const EARLY_CONTROLS_SCRIPT = `(${installEarlyControls.toString()})()`

/** Called once the page has hydrated: taps React could not answer yet are answered now, in order. */
export function replayEarlyTaps() {
  const early = window.earlyControls
  if (!early || early.hydrated) return
  early.hydrated = true
  for (const button of early.taps.splice(0)) if (button.isConnected) button.click()
}
