import { boundsOf, type Canvas, type Point, type View } from "./geometry"
import type { ServiceArea } from "./service-area"

/** The overview's view: the projected plane as it is. */
export const overviewView = (area: ServiceArea): View => ({ x0: 0, y0: 0, scale: 1, canvas: area.canvas })

/** Room to keep around the points a view shows, in canvas units: labels run sideways, so more left and right. */
export interface Padding {
  x: number
  y: number
}

/**
 * A view of a canvas that shows every point with some room to spare on each
 * side, centred on them, and at least `minMiles` miles across its width.
 */
export function fitView(
  area: ServiceArea,
  points: readonly Point[],
  canvas: Canvas,
  pad: Padding,
  minMiles: number,
): View {
  const box = boundsOf(points)
  const across = Math.max(box.x1 - box.x0, 1e-9)
  const down = Math.max(box.y1 - box.y0, 1e-9)
  const fit = Math.min((canvas.width - 2 * pad.x) / across, (canvas.height - 2 * pad.y) / down)
  const scale = Math.min(fit, canvas.width / (minMiles * area.unitsPerMile))
  const middle: Point = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2]
  return {
    x0: middle[0] - canvas.width / (2 * scale),
    y0: middle[1] - canvas.height / (2 * scale),
    scale,
    canvas,
  }
}
