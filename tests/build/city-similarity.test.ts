import { builtRoutes, page, textOf } from "./built-site"
import { median, pairwiseScores } from "../similarity"
import { readCities } from "../fixtures/content"

const MAX_SIMILARITY = 0.5

describe("city pages are not doorway pages", () => {
  it(`no two city pages' visible <main> text reach a 5-word-shingle Jaccard similarity of ${MAX_SIMILARITY}`, () => {
    const cityRoutes = builtRoutes().filter((route) => /^\/service-area\/[^/]+\/$/.test(route))
    expect(cityRoutes).toHaveLength(readCities().length)
    const texts = new Map(cityRoutes.map((route) => [route, textOf(page(route), "main")]))
    const scores = pairwiseScores(texts)
    const [worst] = scores
    const mid = median(scores.map((pair) => pair.score))
    // Always printed, pass or fail: the figure the team tracks.
    console.log(
      `city similarity: ${scores.length} pairs; worst ${worst.a} ~ ${worst.b} = ${worst.score.toFixed(3)}; median ${mid.toFixed(3)}`,
    )
    expect(worst.score).toBeLessThan(MAX_SIMILARITY)
  })
})
