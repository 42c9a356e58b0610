import type { Schedule } from "./business-time"
import type { CouponList } from "./today-edits"

/**
 * What a build shows of the facts that change by the day, published at
 * LIVE_FACTS_PATH (internal/today/live-facts.ts writes it): the owner's page
 * for today reads it from the live site to show what a visitor sees now, and
 * reads it again after a change until the change shows there.
 */
export const LIVE_FACTS_PATH = "/admin/today/live.json"

export interface LiveCoupon {
  title: string
  /** Its last day, YYYY-MM-DD; absent: no end. */
  expires?: string
}

export interface LiveNotice {
  show: boolean
  text: string
  starts?: string
  ends?: string
}

export interface LiveFacts {
  /** When the build ran (ISO 8601). */
  builtAt: string
  /** The commit built (Netlify's COMMIT_REF); null outside Netlify. */
  commit: string | null
  /** The branch the live site is built from, where the page for today commits (CMS_BRANCH, else main). */
  branch: string
  schedule: Schedule
  notice: LiveNotice
  coupons: Record<CouponList, LiveCoupon[]>
  /** The reviews shown, each as its day and name ("2026-10-02 Maria G."), newest first (src/lib/today-reviews.ts). */
  reviews?: string[]
}
