import * as React from "react"
import { Link } from "gatsby"
import { ChevronRight } from "lucide-react"
import { DECORATIVE_ICON } from "../lib/decorative-icon"
import * as styles from "./breadcrumb.module.css"
import type { Crumb } from "../lib/routes"

/** Home › … › current page. The last crumb is the current page and is not a link. */
export function Breadcrumb({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol className={styles.list}>
        {trail.map((crumb, index) => {
          const isLast = index === trail.length - 1
          return (
            <li key={crumb.path} className={styles.item}>
              {isLast ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <>
                  <Link to={crumb.path} className={styles.link}>
                    {crumb.name}
                  </Link>
                  <ChevronRight {...DECORATIVE_ICON} size={16} className={styles.separator} />
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
