/**
 * Runs in every frame before the page's own scripts (each engine's way of
 * adding a script to every new document: tests/e2e/engines/drivers.ts), and
 * keeps what a visitor's browser would only show in its console: uncaught
 * errors and rejections, console.error calls, Content-Security-Policy
 * violations, and resources of the page that failed to load. WebKit's
 * WebDriver has no log endpoint, so every engine is read the same way: from
 * the top window's `__engineProblems`. Self-contained: its source is sent.
 */
export function recordProblems(): void {
  type Log = { problems: string[] }
  const holder = window as unknown as { __engineProblems?: Log }
  let log: Log = { problems: [] }
  try {
    // A frame of our own origin (the maps) reports to the page that holds it.
    const top = window.top as unknown as { __engineProblems?: Log } | null
    if (top && top !== holder) log = top.__engineProblems ?? (top.__engineProblems = log)
  } catch {
    // Another origin's frame: keeps its own.
  }
  holder.__engineProblems = log
  const where = location.pathname
  const add = (problem: string) => log.problems.push(`${problem}${window.top === window ? "" : ` (in frame ${where})`}`)
  window.addEventListener(
    "error",
    (event: Event) => {
      if (event instanceof ErrorEvent) {
        add(`error: ${event.message} (${event.filename}:${event.lineno})`)
        return
      }
      const target = event.target as (Element & { src?: string; href?: string; currentSrc?: string }) | null
      if (target && target !== (window as unknown as EventTarget) && "tagName" in target) {
        add(`failed to load: <${target.tagName.toLowerCase()}> ${target.currentSrc || target.src || target.href || ""}`)
      }
    },
    true,
  )
  window.addEventListener("unhandledrejection", (event) => add(`unhandled rejection: ${String(event.reason)}`))
  document.addEventListener("securitypolicyviolation", (event) =>
    add(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`),
  )
  const consoleError = console.error.bind(console)
  console.error = (...args: unknown[]) => {
    add(`console.error: ${args.map(String).join(" ")}`)
    consoleError(...args)
  }
}

