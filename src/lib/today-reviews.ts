import { formatDate } from "./business-time"
import type { LiveFacts } from "./live-facts"
import { reviewProblems, type ReviewEntry } from "./review-rules"
import { RefusedChange, TODAY_FILES, type FieldProblem } from "./today-edits"
import type { PlannedChange } from "./today-actions"

/**
 * The page for today's two actions about reviews, their pure part: what the
 * build gives the page (the address to ask with, its QR code, the towns and
 * services a review may name), and adding a review a customer gave as one
 * commit of data/reviews.json, with its undo. The review is checked with the
 * content model's own rules (review-rules.ts) before anything is sent.
 */

/** The repository's file of reviews (internal/content/model.ts, `reviews`). */
export const REVIEWS_FILE = TODAY_FILES.reviews

/** What the build writes for the page's two review actions (internal/today/review-tools.ts). */
export const REVIEW_CHOICES_PATH = "/admin/today/review-choices.json"
/** The QR code of the site's /review/ address, made at build time; written only when the review link is set. */
export const REVIEW_QR_PATH = "/admin/today/review-qr.svg"

export interface ReviewChoices {
  /** The site's own address to ask with, https://<site>/review/. */
  askUrl: string
  /** Whether the business details give the review link /review/ sends to (without it, /review/ is not built). */
  linkSet: boolean
  /** The towns served, by name: a review's town is one of them. */
  towns: string[]
  /** The services, by slug and name: a review's appliance is one of them. */
  services: Array<{ slug: string; name: string }>
}

/** How the live site's facts name a review (internal/today/live-facts.ts): its day and name. */
export const reviewKey = (review: Pick<ReviewEntry, "given" | "name">): string =>
  `${review.given} ${review.name.trim()}`

/** The labels of the Add a review screen, by the model's field names: a problem names the field the owner sees. */
export const REVIEW_LABELS: Readonly<Record<string, string>> = {
  quote: "The customer’s words",
  name: "Name as agreed",
  town: "Town",
  service: "Appliance",
  given: "Day given",
  source: "Where it was given",
  link: "Link to it",
  consent: "Consent",
}

/** A review as the owner typed it: empty fields left out, as the editor leaves them. */
export function reviewRecord(input: ReviewEntry): ReviewEntry {
  const { town, service, link } = input
  return {
    quote: input.quote.trim(),
    name: input.name.trim(),
    ...(town ? { town } : {}),
    ...(service ? { service } : {}),
    given: input.given,
    source: input.source,
    ...(link?.trim() ? { link: link.trim() } : {}),
    consent: input.consent,
  }
}

/** What the model's rules refuse in the review, by the label of each field. */
export function checkReview(input: ReviewEntry, today: string, choices: ReviewChoices): FieldProblem[] {
  return reviewProblems(reviewRecord(input), {
    today,
    towns: choices.towns,
    services: choices.services.map(({ slug }) => slug),
  }).map(({ path, message }) => ({ field: REVIEW_LABELS[String(path[0])] ?? String(path[0]), message }))
}

const written = (data: unknown): string => `${JSON.stringify(data, null, 2)}\n`

function reviewsOf(text: string): ReviewEntry[] {
  const data: unknown = JSON.parse(text)
  if (!Array.isArray(data)) throw new Error(`${REVIEWS_FILE} does not hold a list`)
  return data as ReviewEntry[]
}

const FROM_THE_PAGE = "(from the page for today)"

/** A review added at the top of data/reviews.json (the newest first, as the editor shows them). */
export function planAddReview(input: ReviewEntry, today: string, choices: ReviewChoices): PlannedChange {
  const review = reviewRecord(input)
  const key = reviewKey(review)
  const summary = `Review by ${review.name} of ${formatDate(review.given)} added`
  return {
    summary,
    file: REVIEWS_FILE,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: (text) => {
      const problems = checkReview(review, today, choices)
      const reviews = reviewsOf(text)
      if (reviews.some((other) => reviewKey(other) === key)) {
        problems.push({ field: REVIEW_LABELS.name, message: `already has a review given on ${review.given}` })
      }
      if (problems.length) throw new RefusedChange(problems)
      return written([review, ...reviews])
    },
    shows: (facts: LiveFacts) => Boolean(facts.reviews?.includes(key)),
  }
}

/** Undoes an added review: the review of that day and name goes. */
export function planRemoveReview(review: Pick<ReviewEntry, "given" | "name">): PlannedChange {
  const key = reviewKey(review)
  const summary = `Review by ${review.name.trim()} of ${formatDate(review.given)} taken off`
  return {
    summary,
    file: REVIEWS_FILE,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: (text) => written(reviewsOf(text).filter((other) => reviewKey(other) !== key)),
    shows: (facts: LiveFacts) => !facts.reviews?.includes(key),
  }
}
