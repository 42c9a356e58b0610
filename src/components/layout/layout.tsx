import * as React from "react"
import { useSiteData } from "../../hooks/use-site-data"
import { SiteFooter } from "./site-footer"
import { SiteHeader } from "./site-header"
import { SiteNotice } from "../site-notice"
import { FIRST_SCREEN_END_ID } from "../../lib/first-screen"
import * as styles from "./layout.module.css"

interface LayoutProps {
  /**
   * The page's first screen: its breadcrumb, its first section and every section that begins on a
   * phone's or a laptop's first screen (844 px tall). The first paint waits for it to be parsed,
   * and for nothing after it: what follows only adds below what is painted, so a list that lays
   * out by its count (a row's cards share its width) must be whole in it when it can be seen.
   */
  firstScreen: React.ReactNode
  /** The rest of the page, painted as it is parsed; without it, the first paint waits for the footer too. */
  children?: React.ReactNode
  /** The home page: header links scroll within it instead of linking to it. */
  isHome?: boolean
}

const MAIN_ID = "main-content"

export function Layout({ firstScreen, children, isHome = false }: LayoutProps) {
  const { business, schedule, siteName, services, buildYear, hasReviews } = useSiteData()
  // A page that is all first screen is short: its footer shows on the first screen too.
  const endsBeforeFooter = React.Children.count(children) > 0
  const firstScreenEnd = <span id={FIRST_SCREEN_END_ID} hidden />
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
        {firstScreen}
        {endsBeforeFooter && firstScreenEnd}
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
      {!endsBeforeFooter && firstScreenEnd}
    </>
  )
}
