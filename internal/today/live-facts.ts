import fs from "fs"
import path from "path"
import type { Schedule } from "../../src/lib/business-time"
import { LIVE_FACTS_PATH, type LiveCoupon, type LiveFacts } from "../../src/lib/live-facts"
import type { CouponList } from "../../src/lib/today-edits"
import { TODAY_FILES } from "../../src/lib/today-edits"
import { newestFirst } from "../../src/lib/reviews"
import type { ReviewEntry } from "../../src/lib/review-rules"
import { reviewKey } from "../../src/lib/today-reviews"

interface CouponFile {
  title: string
  expires?: string
}

const readJson = <T>(root: string, file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as T

const couponFacts = (coupons: CouponFile[]): LiveCoupon[] =>
  coupons.map(({ title, expires }) => (expires ? { title, expires } : { title }))

/**
 * What this build shows of the facts that change by the day (src/lib/live-facts.ts): the content
 * under `root` (data/ files as TODAY_FILES names them), built at `builtAt`, from `commit`
 * (Netlify's COMMIT_REF; null outside Netlify), whose live branch is `branch`.
 */
export function liveFacts(root: string, builtAt: Date, commit: string | undefined, branch: string): LiveFacts {
  const business = readJson<Schedule>(root, TODAY_FILES.business)
  const notice = readJson<LiveFacts["notice"]>(root, TODAY_FILES.notice)
  const coupons = readJson<Record<CouponList, CouponFile[]>>(root, TODAY_FILES.coupons)
  return {
    builtAt: builtAt.toISOString(),
    commit: commit || null,
    branch,
    schedule: {
      timeZone: business.timeZone,
      hours: business.hours.map(({ days, opens, closes }) => ({ days, opens, closes })),
      specialHours: business.specialHours ?? [],
    },
    notice: {
      show: notice.show,
      text: notice.text,
      ...(notice.starts ? { starts: notice.starts } : {}),
      ...(notice.ends ? { ends: notice.ends } : {}),
    },
    coupons: { homeCoupons: couponFacts(coupons.homeCoupons), offers: couponFacts(coupons.offers) },
    reviews: newestFirst(readJson<ReviewEntry[]>(root, TODAY_FILES.reviews)).map(reviewKey),
  }
}

/** Writes the file into the build (public/), returning its path. */
export function writeLiveFacts(publicDir: string, facts: LiveFacts): string {
  const file = path.join(publicDir, LIVE_FACTS_PATH)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(facts)}\n`)
  return file
}
