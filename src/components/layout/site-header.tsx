import * as React from "react"
import { Link } from "gatsby"
import { Menu, X } from "lucide-react"
import { CallButton } from "../call-button"
import { OpeningStatus } from "../opening-status"
import { useHydrated } from "../../hooks/use-hydrated"
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
 * Sticky header: brand, section links, the phone button and, on a line of its
 * own under it, whether we answer now (OpeningStatus). Under the
 * desktop breakpoint the links sit in a disclosure menu. On narrow phones
 * the phone button shows the number alone and the menu button its icon alone
 * (their names still say "Call" and "Menu"), so both fit beside each other
 * and the number never wraps. Until React runs (or
 * without JavaScript) the toggle is a <details> disclosure that CSS answers;
 * React then swaps in a button with aria-expanded/aria-controls, Escape and
 * close-on-tap, keeping the menu open and the focus on the toggle if the
 * visitor had got there first.
 */
export function SiteHeader({ siteName, phone, isHome, schedule, weekSummary, builtAt }: SiteHeaderProps) {
  const hydrated = useHydrated()
  const [open, setOpen] = React.useState(false)
  const buttonRef = React.useRef<HTMLButtonElement>(null)
  const disclosureRef = React.useRef<HTMLDetailsElement>(null)
  const focusButton = React.useRef(false)

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
    <header className={styles.header}>
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
            {open ? <X aria-hidden="true" focusable="false" /> : <Menu aria-hidden="true" focusable="false" />}
            <span className={styles.menuLabel}>Menu</span>
          </button>
        ) : (
          <details ref={disclosureRef} className={styles.disclosure}>
            <summary className={styles.menuButton}>
              <Menu aria-hidden="true" focusable="false" />
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
        <CallButton phone={phone} placement="header" className={styles.call} labelClassName={styles.callLabel} />
        <OpeningStatus schedule={schedule} weekSummary={weekSummary} builtAt={builtAt} className={styles.status} />
      </div>
    </header>
  )
}
