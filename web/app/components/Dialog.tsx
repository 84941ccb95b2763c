import {useEffect, useEffectEvent, useRef, type ReactNode, type RefObject} from 'react'

type Props = {
  id: string
  labelledBy: string
  /** The element to focus when the dialog opens (it carries `autoFocus` too, for the prerendered HTML). */
  initialFocus?: RefObject<HTMLElement | null>
  /** Told when the dialog opens or closes, whoever opened or closed it. */
  onToggle?: (open: boolean, dialog: HTMLDialogElement) => void
  children: ReactNode
}

/**
 * A modal dialog that works from the prerendered HTML: buttons open it with `commandfor` and
 * `command="show-modal"`, the browser traps focus, closes it on Escape or a click on the backdrop
 * (`closedby="any"`) and returns focus to what opened it. Whether it is open is the element's own state;
 * React only listens.
 */
export function Dialog({id, labelledBy, initialFocus, onToggle, children}: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const toggled = useEffectEvent((event: ToggleEvent) => {
    const open = event.newState === 'open'
    // A dialog React rendered after a navigation has no `autofocus` attribute: focus its first control here.
    if (open) initialFocus?.current?.focus()
    if (dialog.current) onToggle?.(open, dialog.current)
  })

  useEffect(() => {
    const element = dialog.current
    element?.addEventListener('toggle', toggled)
    return () => element?.removeEventListener('toggle', toggled)
  }, [])

  return (
    <dialog ref={dialog} id={id} className="modal" aria-labelledby={labelledBy} closedby="any">
      <div className="modal-body">{children}</div>
    </dialog>
  )
}
