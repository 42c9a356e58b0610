import * as React from "react"
import { Link } from "gatsby"
import { Menu, X } from "lucide-react"
import { CallButton } from "../call-button"
import type { Phone } from "../../lib/types"
import { NAV_ITEMS, sectionHref } from "./nav-items"
import * as styles from "./site-header.module.css"

interface SiteHeaderProps {
  siteName: string
  phone: Phone
  isHome: boolean
}

const MENU_ID = "site-menu"

/**
 * Sticky header: brand, section links and the phone button. Under the
 * desktop breakpoint the links sit in a disclosure menu.
 */
export function SiteHeader({ siteName, phone, isHome }: SiteHeaderProps) {
  const [open, setOpen] = React.useState(false)
  const buttonRef = React.useRef<HTMLButtonElement>(null)

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
        <button
          ref={buttonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" focusable="false" /> : <Menu aria-hidden="true" focusable="false" />}
          <span>Menu</span>
        </button>
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
        <CallButton phone={phone} className={styles.call} />
      </div>
    </header>
  )
}
