import * as React from "react"
import { THEME_COLOR } from "../../lib/theme"

/** The head of the editor's sign-in pages: never indexed (robots.txt also keeps /admin/ out; no sitemap names it). */
export function AdminHead({ title }: { title: string }) {
  return (
    <>
      <html lang="en" />
      <title>{`${title} · Content editor`}</title>
      <meta name="robots" content="noindex" />
      <meta name="theme-color" content={THEME_COLOR} />
      {/* Their styles, apart from the site's inlined CSS Modules (static/admin/pages.css says why). */}
      <link rel="stylesheet" href="/admin/pages.css" />
    </>
  )
}
