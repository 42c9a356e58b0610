import * as React from "react"
import { Link, type HeadFC, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { SeoHead } from "../components/seo/seo-head"
import { HOME_PATH, NOT_FOUND_PATH } from "../lib/routes"
import * as styles from "../styles/not-found-page.module.css"

const NOT_FOUND_LOG = "404 Error: User attempted to access non-existent route:"

export default function NotFoundPage({ location }: PageProps) {
  React.useEffect(() => {
    // On purpose: the product's rules ask for exactly this console line for every unknown path
    // (docs/architecture.md#errors-and-bad-input).
    console.error(NOT_FOUND_LOG, location.pathname)
  }, [location.pathname])

  return (
    <Layout
      firstScreen={
        <div className={styles.notFound}>
          <p className={styles.code} aria-hidden="true">
            404
          </p>
          <h1>
            <span className="visually-hidden">404: </span>Oops! Page not found
          </h1>
          <p>The page you asked for doesn&rsquo;t exist. It may have moved, or the address may be mistyped.</p>
          <Link to={HOME_PATH} className={styles.home}>
            Return to Home
          </Link>
        </div>
      }
    />
  )
}

export const Head: HeadFC = () => (
  <SeoHead
    title="Page Not Found"
    description="The page you were looking for does not exist."
    path={NOT_FOUND_PATH}
    noindex
  />
)
