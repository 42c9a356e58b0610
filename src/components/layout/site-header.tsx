import * as React from "react"
import { Link } from "gatsby"
import { Menu, X } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { CallButton } from "../call-button"
import { OpeningStatus } from "../opening-status"
import { useHydrated } from "../../hooks/use-hydrated"
import { useSlimHeader } from "../../hooks/use-slim-header"
import { NAV_ITEMS, sectionHref } from "./nav-items"
import * as styles from "./site-header.module.css"

interface SiteHeaderProps {
  siteName: string
  phone: Queries.BusinessPhone
  isHome: boolean
  /** The week's hours and the closures to come: the line under the phone button says whether we answer now. */
  schedule: React.ComponentProps<typeof OpeningStatus>["schedule"]
  weekSummary: string
  builtAt: string
}

const MENU_ID = "site-menu"

/**
 * Sticky header: brand, section links, the phone button and whether we answer
 * now (OpeningStatus). Under the desktop breakpoint the links sit in a
 * disclosure menu, and the status is written on the phone button, under the
 * number (beside the link, not in it: the link's name stays "Call" and the
 * number); once the reader scrolls, only that row stays on screen
 * (useSlimHeader). On narrow phones the phone button shows the number alone
 * and the menu button its icon alone (their names still say "Call" and
 * "Menu"), so both fit beside each other and the number never wraps. On wide
 * screens the status is a line under the links and the button. Until React
 * runs (or without JavaScript) the toggle is a <details> disclosure that CSS
 * answers; React then swaps in a button with aria-expanded/aria-controls,
 * Escape, close-on-tap and a dimmed page behind the open menu that closes it
 * when tapped, keeping the menu open and the focus on the toggle if the
 * visitor had got there first.
 */
export function SiteHeader({ siteName, phone, isHome, schedule, weekSummary, builtAt }: SiteHeaderProps) {
  const hydrated = useHydrated()
  const [open, setOpen] = React.useState(false)
  const buttonRef = React.useRef<HTMLButtonElement>(null)
  const disclosureRef = React.useRef<HTMLDetailsElement>(null)
  const focusButton = React.useRef(false)
  const headerRef = React.useRef<HTMLElement>(null)
  const callRowRef = React.useRef<HTMLDivElement>(null)
  useSlimHeader(headerRef, callRowRef)

  // Runs once, while the server's <details> is still on the page: carry its state over.
  React.useEffect(() => {
    const disclosure = disclosureRef.current
    if (!disclosure) return
    focusButton.current = disclosure.contains(document.activeElement)
    if (disclosure.open) setOpen(true)
  }, [])

  React.useEffect(() => {
    if (hydrated && focusButton.current) {
      focusButton.current = false
      buttonRef.current?.focus()
    }
  }, [hydrated])

  React.useEffect(() => {
    if (!open) return undefined
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false)
        buttonRef.current?.focus()
      }
    }
    document.addEventListener("keydown", onKeyDown)
    return () => document.removeEventListener("keydown", onKeyDown)
  }, [open])

  const close = () => setOpen(false)

  return (
    <>
      <header ref={headerRef} className={styles.header}>
        <div className={styles.inner}>
          <Link to="/" className={styles.brand}>
            {siteName}
          </Link>
          {hydrated ? (
            <button
              ref={buttonRef}
              type="button"
              className={styles.menuButton}
              aria-expanded={open}
              aria-controls={MENU_ID}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <X {...DECORATIVE_ICON} /> : <Menu {...DECORATIVE_ICON} />}
              <span className={styles.menuLabel}>Menu</span>
            </button>
          ) : (
            <details ref={disclosureRef} className={styles.disclosure}>
              <summary className={styles.menuButton}>
                <Menu {...DECORATIVE_ICON} />
                <span className={styles.menuLabel}>Menu</span>
              </summary>
            </details>
          )}
          <nav aria-label="Main" className={styles.nav}>
            <ul id={MENU_ID} className={styles.menu} data-open={open}>
              {NAV_ITEMS.map(({ id, label }) => (
                <li key={id}>
                  <a href={sectionHref(id, isHome)} onClick={close} className={styles.link}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div ref={callRowRef} className={styles.callBox}>
            <CallButton phone={phone} placement="header" className={styles.call} labelClassName={styles.callLabel} />
            <OpeningStatus schedule={schedule} weekSummary={weekSummary} builtAt={builtAt} className={styles.status} />
          </div>
        </div>
      </header>
      {/* The page dimmed behind the open menu: a tap on it closes the menu (and does nothing else). */}
      {open ? <div className={styles.backdrop} onClick={close} aria-hidden="true" /> : null}
    </>
  )
}
