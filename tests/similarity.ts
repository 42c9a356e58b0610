/** Word shingles and Jaccard similarity, the measure of how alike two pages read. */

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9'’\s-]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
}

/** The set of n-word shingles (runs of n consecutive words) of a text. */
function shingles(text: string, size = 5): Set<string> {
  const list = words(text)
  const set = new Set<string>()
  for (let i = 0; i + size <= list.length; i += 1) set.add(list.slice(i, i + size).join(" "))
  return set
}

/** |A ∩ B| / |A ∪ B|; 0 for two empty sets. */
function jaccard<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): number {
  let shared = 0
  for (const item of a) if (b.has(item)) shared += 1
  const union = a.size + b.size - shared
  return union === 0 ? 0 : shared / union
}

export interface PairScore {
  a: string
  b: string
  score: number
}

/** Every pair's score, worst (most alike) first. */
export function pairwiseScores(texts: ReadonlyMap<string, string>, size = 5): PairScore[] {
  const entries = Array.from(texts, ([key, text]) => [key, shingles(text, size)] as const)
  const scores: PairScore[] = []
  for (let i = 0; i < entries.length; i += 1) {
    for (let j = i + 1; j < entries.length; j += 1) {
      scores.push({ a: entries[i][0], b: entries[j][0], score: jaccard(entries[i][1], entries[j][1]) })
    }
  }
  return scores.sort((x, y) => y.score - x.score)
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
