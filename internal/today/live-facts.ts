import fs from "fs"
import path from "path"
import type { Schedule } from "../../src/lib/business-time"
import type { CouponList } from "../../src/lib/today-edits"
import { TODAY_FILES } from "../../src/lib/today-edits"

/**
 * What this build shows of the facts that change by the day, as one small file
 * of the site: the owner's page for today reads it from the live site to show
 * what a visitor sees now, and reads it again after a change until the change
 * shows there (the build that carries it is live). `commit` is the commit built
 * (Netlify's COMMIT_REF), null outside Netlify.
 */
export const LIVE_FACTS_PATH = "/admin/today/live.json"

export interface LiveCoupon {
  title: string
  /** Its last day, YYYY-MM-DD; absent: no end. */
  expires?: string
}

export interface LiveFacts {
  builtAt: string
  commit: string | null
  schedule: Schedule
  notice: { show: boolean; text: string; starts?: string; ends?: string }
  coupons: Record<CouponList, LiveCoupon[]>
}

interface CouponFile {
  title: string
  expires?: string
}

const readJson = <T>(root: string, file: string): T => JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as T

const couponFacts = (coupons: CouponFile[]): LiveCoupon[] =>
  coupons.map(({ title, expires }) => (expires ? { title, expires } : { title }))

/** The facts of the content under `root` (data/ files as TODAY_FILES names them), built at `builtAt`. */
export function liveFacts(root: string, builtAt: Date, commit: string | undefined): LiveFacts {
  const business = readJson<Schedule>(root, TODAY_FILES.business)
  const notice = readJson<LiveFacts["notice"]>(root, TODAY_FILES.notice)
  const coupons = readJson<Record<CouponList, CouponFile[]>>(root, TODAY_FILES.coupons)
  return {
    builtAt: builtAt.toISOString(),
    commit: commit || null,
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
  }
}

/** Writes the file into the build (public/), returning its path. */
export function writeLiveFacts(publicDir: string, facts: LiveFacts): string {
  const file = path.join(publicDir, LIVE_FACTS_PATH)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(facts)}\n`)
  return file
}
