/** The brand mark and name; the mark is drawn inline so the logo costs no request. */
export function Logo({siteName}: {siteName: string}) {
  return (
    <span className="logo">
      <svg
        className="logo-mark"
        viewBox="0 0 32 32"
        width="32"
        height="32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="8" fill="#34d399" />
        <path
          d="M7 22l6-7 5 4 7-9"
          fill="none"
          stroke="#052e1f"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo-name">{siteName}</span>
    </span>
  )
}
