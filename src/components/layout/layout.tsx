import * as React from "react"
import { useSiteData } from "../../hooks/use-site-data"
import { SiteFooter } from "./site-footer"
import { SiteHeader } from "./site-header"
import { SiteNotice } from "../site-notice"
import * as styles from "./layout.module.css"

interface LayoutProps {
  children: React.ReactNode
  /** The home page: header links scroll within it instead of linking to it. */
  isHome?: boolean
}

const MAIN_ID = "main-content"

export function Layout({ children, isHome = false }: LayoutProps) {
  const { business, schedule, siteName, services, buildYear, hasReviews } = useSiteData()
  return (
    <>
      <a href={`#${MAIN_ID}`} className={styles.skipLink}>
        Skip to main content
      </a>
      <SiteHeader
        siteName={siteName}
        phone={business.phone}
        isHome={isHome}
        schedule={schedule}
        weekSummary={business.weekSummary}
        builtAt={business.builtAt}
      />
      <SiteNotice notices={business.notices} timeZone={business.timeZone} builtAt={business.builtAt} />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter
        siteName={siteName}
        phone={business.phone}
        address={business.address}
        hours={business.hours}
        foundingYear={business.foundingYear}
        services={services}
        buildYear={buildYear}
        hasReviews={hasReviews}
      />
    </>
  )
}
