/**
 * The editor's Calls page: taps on the phone number for the last 7,
 * 30 or 90 days, per page, per button and per day, read from our own report
 * endpoint with the signed-in editor's token (the endpoint answers 401
 * or 403 to anyone else). The pure part is calls-report.js.
 */
import {
  PERIODS,
  byTapsThenName,
  chartBars,
  dayLabel,
  editorToken,
  isReport,
  placementLabel,
  refusal,
  reportUrl,
  tapsText,
} from "./calls-report.js"

const SVG = "http://www.w3.org/2000/svg"
const CHART = { width: 720, height: 200, axis: 24 }

const element = (name, attributes = {}, ...children) => {
  const node = document.createElement(name)
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value)
  node.append(...children)
  return node
}

const svgElement = (name, attributes = {}, ...children) => {
  const node = document.createElementNS(SVG, name)
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value))
  node.append(...children)
  return node
}

/** A table of rows, its first column a name, its second the taps. */
function table(caption, heading, rows) {
  const body = rows.length
    ? rows.map(([name, taps]) =>
        element("tr", {}, element("th", { scope: "row" }, name), element("td", {}, String(taps))),
      )
    : [element("tr", {}, element("td", { colspan: "2" }, "No taps in this period."))]
  return element(
    "table",
    {},
    element("caption", {}, caption),
    element(
      "thead",
      {},
      element("tr", {}, element("th", { scope: "col" }, heading), element("th", { scope: "col" }, "Taps")),
    ),
    element("tbody", {}, ...body),
  )
}

/** Taps per day as bars: an image with a name that sums it up, each bar titled with its day and taps. */
function chart(report) {
  const bars = chartBars(report.byDay, CHART)
  const busiest = byTapsThenName(report.byDay, "date")[0]
  const summary =
    `Taps per day from ${dayLabel(report.from)} to ${dayLabel(report.to)}: ${tapsText(report.total)} in all` +
    (busiest && busiest.taps > 0 ? `, most on ${dayLabel(busiest.date)} (${tapsText(busiest.taps)}).` : ".")
  const plot = CHART.height - CHART.axis
  const svg = svgElement(
    "svg",
    { viewBox: `0 0 ${CHART.width} ${CHART.height}`, role: "img", "aria-label": summary, class: "chart" },
    svgElement("line", { x1: 0, x2: CHART.width, y1: plot + 0.5, y2: plot + 0.5, class: "axis" }),
    ...bars.map((bar) =>
      svgElement(
        "rect",
        {
          x: bar.x.toFixed(1),
          y: bar.y.toFixed(1),
          width: bar.width.toFixed(1),
          height: bar.height.toFixed(1),
          class: "bar",
        },
        svgElement("title", {}, bar.label),
      ),
    ),
  )
  // The first and last day under the bars, so the reader knows which way time runs.
  if (bars.length) {
    svg.append(
      svgElement("text", { x: 0, y: CHART.height - 6, class: "day" }, dayLabel(report.from)),
      svgElement(
        "text",
        { x: CHART.width, y: CHART.height - 6, class: "day", "text-anchor": "end" },
        dayLabel(report.to),
      ),
    )
  }
  return element("figure", {}, svg, element("figcaption", {}, summary))
}

function showReport(target, report) {
  const pages = byTapsThenName(report.byPage, "path").map((row) => [row.path, row.taps])
  const placements = byTapsThenName(report.byPlacement, "placement").map((row) => [
    placementLabel(row.placement),
    row.taps,
  ])
  target.replaceChildren(
    element(
      "p",
      { class: "total" },
      element("strong", {}, tapsText(report.total)),
      ` on the phone number from ${dayLabel(report.from)} to ${dayLabel(report.to)}.`,
    ),
    element("h2", {}, "Taps per day"),
    chart(report),
    element(
      "div",
      { class: "tables" },
      table("Taps per page", "Page", pages),
      table("Taps per button", "Button", placements),
    ),
  )
}

const say = (target, text, role = "status") => target.replaceChildren(element("p", { role, class: "message" }, text))

async function load(target, days) {
  const token = editorToken(window.localStorage)
  if (!token) {
    say(target, "You are not signed in. Sign in to the editor first, then open Calls again.", "alert")
    return
  }
  target.setAttribute("aria-busy", "true")
  say(target, `Loading the last ${days} days…`)
  try {
    const response = await fetch(reportUrl(days), { headers: { Authorization: `Bearer ${token}` } })
    if (!response.ok) {
      say(target, refusal(response.status), "alert")
      return
    }
    const report = await response.json()
    if (!isReport(report)) throw new Error("not a report")
    showReport(target, report)
  } catch {
    say(target, "The call counts could not be loaded. Try again in a few minutes.", "alert")
  } finally {
    target.removeAttribute("aria-busy")
  }
}

const select = document.getElementById("days")
const target = document.getElementById("report")
for (const days of PERIODS) select.append(element("option", { value: String(days) }, `Last ${days} days`))
select.addEventListener("change", () => load(target, Number(select.value)))
load(target, Number(select.value))
