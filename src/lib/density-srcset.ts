/**
 * A fixed-size image's srcset in pixel densities rather than widths:
 * "a.avif 144w,\nb.avif 288w" at 144 px wide -> "a.avif, b.avif 2x" (1x goes
 * without saying), which needs no `sizes`. The same choice for the browser in
 * fewer bytes, on a page whose HTML must fit its first round trip. The space
 * after each comma is needed: a URL may hold commas, so without it
 * "a.avif,b.avif 2x" would be one candidate.
 */
export function densitySrcSet(srcSet: string, width: number): string {
  return srcSet
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/))
    .filter(([url]) => url)
    .map(([url, descriptor = ""]) => {
      const pixels = /^(\d+)w$/.exec(descriptor)
      if (!pixels) return descriptor ? `${url} ${descriptor}` : url
      const density = Math.round((Number(pixels[1]) / width) * 100) / 100
      return density === 1 ? url : `${url} ${density}x`
    })
    .join(", ")
}
