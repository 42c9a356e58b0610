import { readMapColors } from "../../internal/maps/tokens"
import type { MapColors } from "../../src/lib/map-style"
import { contrastRatio } from "../fixtures/svg-geometry"

// The maps' colours as src/styles/tokens.css defines them. WCAG 2.2: text 4.5:1
// against what is behind it (1.4.3), the marks one needs to read the map 3:1
// against what is beside them (1.4.11). Labels sit on a halo of the land's colour
// (the water's name on one of the water's).
const colors = readMapColors()

type Pair = [what: string, foreground: keyof MapColors, background: keyof MapColors]

const TEXT: Pair[] = [
  ["a town's name (a link)", "brandDark", "surface"],
  ["a county's name", "muted", "surface"],
  ["the shop's name and the miles", "accentDark", "surface"],
  ["the town's name on its page", "brandDark", "surface"],
  ["the scale and the legend", "text", "surface"],
  ["the water's name", "brandDark", "water"],
]

const MARKS: Pair[] = [
  ["a town's dot on land", "brand", "surface"],
  ["a town's dot on water", "brand", "water"],
  ["the shop and the service circle", "accent", "surface"],
  ["the line from the shop", "accent", "surface"],
  ["the town on its page", "brandDark", "surface"],
  ["a county's outline", "muted", "surface"],
  ["the shore against the water", "muted", "water"],
  ["the scale bar", "text", "surface"],
  ["a focused dot's ring", "text", "surface"],
  ["a focused dot's ring against the dot", "text", "focus"],
]

const below = (pairs: Pair[], minimum: number) =>
  pairs
    .map(([what, fg, bg]) => [what, colors[fg], colors[bg], contrastRatio(colors[fg], colors[bg])] as const)
    .filter(([, , , ratio]) => ratio < minimum)
    .map(([what, fg, bg, ratio]) => `${what}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`)

describe("the maps' colours (design tokens)", () => {
  it("give every text 4.5:1 against what is behind it", () => {
    expect(below(TEXT, 4.5)).toEqual([])
  })

  it("give every mark one needs to read the map 3:1 against what is beside it", () => {
    expect(below(MARKS, 3)).toEqual([])
  })
})
