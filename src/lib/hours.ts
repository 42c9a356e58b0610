import { DAYS, formatTime } from "./business-time"

/** A day without both times is closed: a day of the week, or a closure among the special hours. */
export const isClosed = (entry: { readonly opens?: string | null; readonly closes?: string | null }): boolean =>
  !entry.opens || !entry.closes

/** "8 am–6 pm", or "Closed" for a day with no hours. */
export function formatHours(entry: Pick<Queries.OpeningHours, "opens" | "closes">): string {
  return isClosed(entry) ? "Closed" : `${formatTime(entry.opens)}–${formatTime(entry.closes)}`
}

/** Monday first, as the week reads on a page. */
const WEEK = [...DAYS.slice(1), DAYS[0]]
const short = (day: string) => day.slice(0, 3)

/** ["Monday", …, "Friday"] -> "Mon–Fri"; days apart -> "Mon, Wed". */
function dayRange(days: readonly string[]): string {
  const order = days.map((day) => WEEK.indexOf(day)).sort((a, b) => a - b)
  const consecutive = order.every((day, index) => index === 0 || day === order[index - 1] + 1)
  const names = order.map((day) => short(WEEK[day]))
  return consecutive && names.length > 2 ? `${names[0]}–${names.at(-1)}` : names.join(", ")
}

/** The week's opening hours on one line: "Mon–Fri 8 am–6 pm · Sat 9 am–4 pm" (closed days left out). */
export const weeklySummary = (hours: readonly Pick<Queries.OpeningHours, "days" | "opens" | "closes">[]): string =>
  hours
    .filter((entry) => !isClosed(entry))
    .map((entry) => `${dayRange(entry.days)} ${formatHours(entry)}`)
    .join(" · ")
