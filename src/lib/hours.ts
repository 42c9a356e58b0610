/** "08:00" -> "8am", "18:30" -> "6:30pm". */
export function formatClock(time: string): string {
  const [hours, minutes] = time.split(":").map(Number)
  const suffix = hours < 12 ? "am" : "pm"
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return minutes ? `${hour12}:${String(minutes).padStart(2, "0")}${suffix}` : `${hour12}${suffix}`
}

export const isClosed = (entry: Queries.OpeningHours): boolean => !entry.opens || !entry.closes

/** "8am–6pm", or "Closed" for a day with no hours. */
export function formatHours(entry: Queries.OpeningHours): string {
  return isClosed(entry) ? "Closed" : `${formatClock(entry.opens)}–${formatClock(entry.closes)}`
}
