import type { CallPlacement } from "./call-tap"

/**
 * Each placement of a call button as a reader would name it: the privacy note
 * lists them, and the editor's Calls page heads its table with the same words
 * (static/admin/calls-report.js; a unit test keeps the two alike).
 */
export const CALL_PLACEMENT_NAMES: Readonly<Record<CallPlacement, string>> = {
  header: "the header at the top of every page",
  hero: "the button at the top of a page",
  section: "a button within the page",
  prompt: "a “Call” box near the end of a page",
  contact: "the home page’s contact section",
  footer: "the footer",
}
