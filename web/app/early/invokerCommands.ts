// HTML's invoker commands (`commandfor` and `command` on a button: open or close a dialog with no script).
// React renders them as plain attributes; its types do not list them yet.
import 'react'

declare module 'react' {
  // Merged into React's declaration, whose type parameter it must repeat though it does not use it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string
    command?:
      'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover'
  }
}
