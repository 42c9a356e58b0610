import { densitySrcSet } from "../../src/lib/density-srcset"

describe("a fixed-size image's srcset in densities", () => {
  it("writes widths as densities of the image's width, 1x without a descriptor", () => {
    expect(densitySrcSet("/a/lg.avif 144w,\n/b/lg.avif 288w", 144)).toBe("/a/lg.avif, /b/lg.avif 2x")
    expect(densitySrcSet("/a.webp 100w, /b.webp 150w, /c.webp 300w", 100)).toBe("/a.webp, /b.webp 1.5x, /c.webp 3x")
  })

  it("keeps a candidate already in densities, and one with no descriptor", () => {
    expect(densitySrcSet("/a.png, /b.png 2x", 144)).toBe("/a.png, /b.png 2x")
  })
})
