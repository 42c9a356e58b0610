/**
 * The props of every icon on the site. Each is decorative (hidden from
 * assistive technology, never focusable; the words beside it say what it
 * means), and drawn by the stroke rules in global.css (`.lucide`) instead of
 * lucide's five presentation attributes repeated on each icon: on the home
 * page's 27 icons that was about 350 bytes of gzipped HTML, in a document that
 * must fit a new connection's first round trip.
 */
export const DECORATIVE_ICON = {
  "aria-hidden": true,
  focusable: "false",
  xmlns: undefined,
  fill: undefined,
  stroke: undefined,
  strokeLinecap: undefined,
  strokeLinejoin: undefined,
} as const
