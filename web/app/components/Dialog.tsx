import {useEffect, useRef, type ReactNode, type RefObject} from 'react'
import {createPortal} from 'react-dom'

type Props = {
  labelledBy: string
  onClose: () => void
  /** The element to focus when the dialog opens; the browser's choice when absent. */
  initialFocus?: RefObject<HTMLElement | null>
  children: ReactNode
}

/**
 * A modal dialog on the native <dialog>, rendered only on the client: the browser traps focus, closes it on Escape and tells assistive
 * technology it is a dialog. A click on the backdrop closes it too, and focus returns to what opened it.
 */
export function Dialog({labelledBy, onClose, initialFocus, children}: Props) {
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    element.showModal()
    initialFocus?.current?.focus()
    return () => {
      element.close()
      opener?.focus()
    }
  }, [initialFocus])

  // On <body>, so a dialog opened from the collapsed mobile menu does not depend on the menu staying shown.
  return createPortal(
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={labelledBy}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="modal-body">{children}</div>
    </dialog>,
    document.body,
  )
}
