import {useEffect, useEffectEvent, type FormEvent, type RefObject} from 'react'

/**
 * Takes a form over from the early script: a submit made before hydration is sent now, exactly once, and
 * every later submit is React's. The form carries `data-held` so the early script holds its submits; the
 * returned handler is the form's `onSubmit`.
 */
export function useHeldSubmit(
  form: RefObject<HTMLFormElement | null>,
  send: (form: HTMLFormElement) => void,
) {
  const sendHeld = useEffectEvent(send)
  useEffect(() => {
    const element = form.current
    const early = window.earlyControls
    if (!element || !early) return
    early.claimed.add(element)
    if (!early.held.delete(element)) return
    element.removeAttribute('aria-busy')
    // After the root has replayed the taps made before hydration (a switch to sign-up before the submit, say),
    // so the submit is sent as the form then stands.
    setTimeout(() => sendHeld(element))
  }, [form])

  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A submit in the moment between hydration and this form's claim is React's: not held a second time.
    window.earlyControls?.held.delete(event.currentTarget)
    send(event.currentTarget)
  }
}
