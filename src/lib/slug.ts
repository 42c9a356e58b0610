/**
 * The spec's slug rule: the lowercased name with spaces replaced by hyphens.
 * "Arlington Heights" -> "arlington-heights".
 */
export function citySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-")
}

/** Lowercase letters and digits, hyphens between words. "$25 OFF Any Repair" -> "25-off-any-repair". */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
}

/** A county's slug: lowercase letters and digits, hyphens between words. "St. Clair" -> "st-clair". */
export function countySlug(name: string): string {
  return slugify(name)
}

/**
 * Element ids for a list of texts (say, card titles), in order: the prefix and
 * the text's slug, "-2", "-3"… added where an id is taken already, so two
 * cards with the same title still get ids of their own. The same texts give the
 * same ids on every build, and in the server HTML and the browser alike.
 */
export function uniqueIds(prefix: string, texts: readonly string[]): string[] {
  const taken = new Set<string>()
  return texts.map((text) => {
    const base = [prefix, slugify(text)].filter(Boolean).join("-")
    let id = base
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
    taken.add(id)
    return id
  })
}
