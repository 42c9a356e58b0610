import * as React from "react"
import { CouponCard } from "./coupon-card"
import { DatedListItem } from "./dated-list-item"
import { useSiteData } from "../hooks/use-site-data"
import { uniqueIds } from "../lib/slug"
import * as grid from "./card-grid.module.css"

interface CouponListProps {
  /** The coupons the build kept (none expired on its day), in order. */
  coupons: ReadonlyArray<{ title: string; description: string; code?: string | null; expires?: string | null }>
  headingLevel?: "h2" | "h3"
}

/**
 * A grid of coupons, each until the end of its last day in the shop's time zone:
 * the browser hides one the minute it expires, and the grid closes up.
 */
export function CouponList({ coupons, headingLevel }: CouponListProps) {
  const { business } = useSiteData()
  const ids = uniqueIds(
    "coupon",
    coupons.map((coupon) => coupon.title),
  )
  return (
    <ul className={grid.grid}>
      {coupons.map((coupon, index) => (
        <DatedListItem key={ids[index]} ends={coupon.expires} timeZone={business.timeZone} builtAt={business.builtAt}>
          <CouponCard
            headingId={ids[index]}
            title={coupon.title}
            description={coupon.description}
            code={coupon.code ?? undefined}
            expires={coupon.expires}
            headingLevel={headingLevel}
          />
        </DatedListItem>
      ))}
    </ul>
  )
}
