// The three browser engines a visitor uses, driven the one way each can be
// here, from Debian's packages (nothing downloads a browser):
// - Chromium (its headless shell, /usr/bin/chromium-headless-shell) and Firefox ESR (/usr/bin/firefox-esr) with
//   puppeteer-core, over the DevTools protocol and WebDriver BiDi;
// - WebKit (WebKitGTK, the engine of every iPhone browser) with webdriverio over
//   WebKitWebDriver (webkit2gtk-driver), classic WebDriver, driving our own bare
//   window (engines/webkit-browser.py) under Xvfb.
// Each gives the same small tab: open a page at a size, run a function in it,
// click, press Tab, take a full-page screenshot. Every engine accepts the test
// server's self-signed certificate (nothing else trusts it), every document
// first runs `recordProblems`, so each engine's errors are read the same way,
// and every engine asks for reduced motion: the site then scrolls instantly
// (no smooth scrolling), so where focus or a link lands can be read at once.
// CommonJS, shared by the engines' browser tests (tests/e2e/engines/) and
// `npm run screenshots -- --engine`; types in engines.d.cts.
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH, freePort } = require("./browser.cjs")

const ENGINES = ["chromium", "firefox", "webkit"]
/** The Tab key as WebDriver names it (a key value of the spec's own range). */
const WEBDRIVER_TAB = "\uE004"
const FIREFOX_PATH = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr"
const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || "/usr/bin/WebKitWebDriver"
const XVFB_PATH = "/usr/bin/Xvfb"
const WEBKIT_BROWSER = path.join(__dirname, "engines", "webkit-browser.py")

/**
 * In every frame, before the page's own scripts: keeps what a visitor's browser
 * would only show in its console (uncaught errors and rejections, console.error,
 * Content-Security-Policy violations, resources that failed to load) in the top
 * window's `__engineProblems.problems`. WebKit's WebDriver has no log endpoint,
 * so every engine is read this way. Self-contained: its source is sent.
 */
function recordProblems() {
  let log = { problems: [] }
  try {
    // A frame of our own origin (the maps) reports to the page that holds it.
    if (window.top && window.top !== window) log = window.top.__engineProblems ?? (window.top.__engineProblems = log)
  } catch {
    // Another origin's frame keeps its own.
  }
  window.__engineProblems = log
  const where = location.pathname
  const add = (problem) => log.problems.push(`${problem}${window.top === window ? "" : ` (in frame ${where})`}`)
  window.addEventListener(
    "error",
    (event) => {
      if (event instanceof ErrorEvent) {
        add(`error: ${event.message} (${event.filename}:${event.lineno})`)
        return
      }
      const target = event.target
      if (target && target !== window && "tagName" in target) {
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
  console.error = (...args) => {
    add(`console.error: ${args.map(String).join(" ")}`)
    consoleError(...args)
  }
}

const RECORDER = `(${recordProblems.toString()})()`

/** Waits until `check()` is true (one that throws counts as false); else throws `failure()`'s words. */
async function waitFor(check, failure, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${await failure()} within ${timeoutMs / 1000} s`)
}

/**
 * Sizes the window with `resize()`, then waits until the page's viewport has that size, so that
 * nothing after it acts on the old one (`evaluate` runs a function in the page). A viewport that
 * never takes the size throws, naming both.
 */
async function resized(engine, evaluate, resize, width, height) {
  await resize()
  const viewport = () => evaluate(() => [window.innerWidth, window.innerHeight])
  await waitFor(
    async () => {
      const [w, h] = await viewport()
      return w === width && h === height
    },
    async () => {
      const [w, h] = await viewport().catch(() => ["?", "?"])
      return `${engine}: the window was made ${width} × ${height} px; the page's viewport stayed ${w} × ${h} px`
    },
    10_000,
  )
}

async function puppeteerEngine(name) {
  const { default: puppeteer } = await import("puppeteer-core")
  const browser =
    name === "chromium"
      ? await puppeteer.launch({
          browser: "chrome",
          executablePath: HEADLESS_CHROMIUM_PATH,
          // Nothing leaves the machine: no other host resolves.
          args: [
            ...CHROMIUM_FLAGS,
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "--force-prefers-reduced-motion",
          ],
          headless: "shell",
          acceptInsecureCerts: true,
        })
      : await puppeteer.launch({
          browser: "firefox",
          executablePath: FIREFOX_PATH,
          headless: true,
          acceptInsecureCerts: true,
          // Nothing leaves the machine: every host but this one goes to a proxy on a closed local port,
          // and no update checks, telemetry or remote settings are asked for.
          extraPrefsFirefox: {
            "network.proxy.type": 1,
            "network.proxy.http": "127.0.0.1",
            "network.proxy.http_port": 9,
            "network.proxy.ssl": "127.0.0.1",
            "network.proxy.ssl_port": 9,
            "network.proxy.no_proxies_on": "127.0.0.1, localhost",
            "network.proxy.allow_hijacking_localhost": false,
            "ui.prefersReducedMotion": 1,
            // Scrollbars over the page, as on a phone: a 390 px window lays out 390 px.
            "widget.gtk.overlay-scrollbars.enabled": true,
            "ui.useOverlayScrollbars": 1,
            "app.update.enabled": false,
            "browser.safebrowsing.update.enabled": false,
            "datareporting.policy.dataSubmissionEnabled": false,
            "network.captive-portal-service.enabled": false,
            "network.connectivity-service.enabled": false,
          },
        })
  return {
    name,
    async tab({ beforeThePage } = {}) {
      const page = await browser.newPage()
      await page.evaluateOnNewDocument(RECORDER)
      if (beforeThePage) await page.evaluateOnNewDocument(beforeThePage)
      let keyboardSession
      return {
        engine: name,
        async open(url, width, height) {
          await page.setViewport({ width, height })
          await page.goto(url, { waitUntil: "load" })
        },
        resize: (width, height) =>
          resized(
            name,
            (fn) => page.evaluate(fn),
            () => page.setViewport({ width, height }),
            width,
            height,
          ),
        evaluate: (fn, ...args) => page.evaluate(fn, ...args),
        click: (selector) => page.click(selector),
        async pressTabs(count) {
          if (name === "chromium") {
            // Over the DevTools protocol, sent one after another without waiting for each answer:
            // Chromium handles them in order, each press moving focus before the next.
            const cdp = (keyboardSession ??= await page.createCDPSession())
            const tab = { key: "Tab", code: "Tab", windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 }
            const events = Array.from({ length: count }, () => [
              cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...tab }),
              cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...tab }),
            ])
            await Promise.all(events.flat())
          } else {
            // WebDriver BiDi: one input.performActions of `count` key presses (U+E004 is WebDriver's Tab).
            await page.keyboard.type(WEBDRIVER_TAB.repeat(count))
          }
        },
        async screenshot(file) {
          // A box that skips rendering while off screen (content-visibility: the overview map)
          // would be blank in a capture beyond the viewport: make the viewport as tall as the page
          // for the capture, as the WebKit tab does, then restore it.
          const viewport = page.viewport()
          const height = await page.evaluate(() => document.documentElement.scrollHeight)
          await page.setViewport({ ...viewport, height })
          await new Promise((resolve) => setTimeout(resolve, 300))
          await page.screenshot({ path: file, fullPage: true })
          await page.setViewport(viewport)
        },
        async viewportScreenshot(file) {
          await page.screenshot({ path: file })
        },
        close: () => page.close(),
      }
    },
    close: () => browser.close(),
  }
}

/** Xvfb on a display it picks itself (-displayfd), for WebKit's window. */
async function startXvfb() {
  const xvfb = spawn(XVFB_PATH, ["-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  })
  const display = await new Promise((resolve, reject) => {
    let text = ""
    xvfb.stdio[3].on("data", (chunk) => {
      text += chunk.toString()
      if (text.includes("\n")) resolve(`:${text.trim()}`)
    })
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)))
  })
  return { display, process: xvfb }
}

async function webkitEngine() {
  const { remote } = await import("webdriverio")
  const xvfb = await startXvfb()
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webkit-"))
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, "--host=127.0.0.1"], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: ["ignore", "ignore", "pipe"],
  })
  const stop = () => {
    driver.kill()
    xvfb.process.kill()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/status`)).ok,
      () => "WebKitWebDriver did not start",
    )
  } catch (error) {
    stop()
    throw error
  }
  const sessions = []
  return {
    name: "webkit",
    async tab({ beforeThePage } = {}) {
      // Each tab's own preload file: the recorder, then the tab's script before the page's.
      const preload = path.join(fs.mkdtempSync(path.join(dir, "tab-")), "preload.js")
      fs.writeFileSync(preload, beforeThePage ? `${RECORDER};\n${beforeThePage}` : RECORDER)
      const browser = await remote({
        hostname: "127.0.0.1",
        port,
        logLevel: "error",
        capabilities: {
          // Classic WebDriver: WebKitGTK's driver speaks no BiDi.
          "wdio:enforceWebDriverClassic": true,
          acceptInsecureCerts: true,
          "webkitgtk:browserOptions": { binary: WEBKIT_BROWSER, args: ["--preload", preload] },
        },
      })
      sessions.push(browser)
      return {
        engine: "webkit",
        async open(url, width, height) {
          // The window holds nothing but the page: its size is the viewport's.
          await browser.setWindowSize(width, height)
          await browser.url(url)
        },
        resize: (width, height) =>
          resized(
            "webkit",
            (fn) => browser.execute(fn),
            () => browser.setWindowSize(width, height),
            width,
            height,
          ),
        evaluate: (fn, ...args) => browser.execute(fn, ...args),
        async click(selector) {
          await (await browser.$(selector)).click()
        },
        async pressTabs(count, paceMs = 50) {
          // One WebDriver actions request of `count` key presses, each down then up, 50 ms apart
          // unless told, so each stop is read once WebKit has had time to scroll to it; a Tab round
          // presses at once and presses again, so spaced, each stop it read as out of view
          // (tests/e2e/engines/sweep.ts, tabFromTheTop).
          const keys = browser.action("key")
          for (let press = 0; press < count; press += 1) keys.down(WEBDRIVER_TAB).up(WEBDRIVER_TAB).pause(paceMs)
          await keys.perform()
        },
        async screenshot(file) {
          // WebDriver captures the viewport: make the window as tall as the page for the capture
          // (as the Chromium screenshots do, so frames below the fold are painted), then restore it.
          const { width, height } = await browser.getWindowSize()
          const pageHeight = await browser.execute(() => document.documentElement.scrollHeight)
          await browser.setWindowSize(width, pageHeight)
          await browser.pause(300)
          await browser.saveScreenshot(file)
          await browser.setWindowSize(width, height)
        },
        async viewportScreenshot(file) {
          await browser.saveScreenshot(file)
        },
        async close() {
          sessions.splice(sessions.indexOf(browser), 1)
          await browser.deleteSession()
        },
      }
    },
    async close() {
      for (const session of sessions) await session.deleteSession().catch(() => undefined)
      stop()
    },
  }
}

/** Starts an engine: its browser (and for WebKit, Xvfb and the driver). */
function launchEngine(name) {
  if (!ENGINES.includes(name)) throw new Error(`unknown engine ${name} (chromium, firefox or webkit)`)
  return name === "webkit" ? webkitEngine() : puppeteerEngine(name)
}

module.exports = { ENGINES, launchEngine }
