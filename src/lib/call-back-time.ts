import { openingStatus, type Schedule } from "./business-time"
import type { BestTime } from "./call-back-request"

/**
 * When the shop will call back, in the words the answer to a request gives:
 * "We are open now: we will call you shortly." or "We open Monday at 8 am: we
 * will call you then." From the opening status the site shows on every page
 * (src/lib/business-time.ts), so the two never disagree; with the best time
 * asked for when it is later than the opening.
 */
export function callBackWhen(instant: number, schedule: Schedule, bestTime?: BestTime): string {
  const status = openingStatus(instant, schedule)
  const later = bestTime && bestTime !== "morning" ? `, in the ${bestTime} as you asked` : ""
  if (status.open) {
    return later ? `We are open now: we will call you today${later}.` : "We are open now: we will call you shortly."
  }
  const opens = /· opens (.+?),? (\d{1,2}(?::\d{2})? [ap]m)$/.exec(status.text)
  if (!opens) return "We will call you as soon as we open."
  return `We open ${opens[1]} at ${opens[2]}: we will call you then${later}.`
}
