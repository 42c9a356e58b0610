/**
 * The three browser engines a visitor uses, driven the one way each can be
 * here, from Debian's packages (nothing downloads a browser):
 * - Chromium (/usr/bin/chromium) and Firefox ESR (/usr/bin/firefox-esr) with
 *   puppeteer-core, over the DevTools protocol and WebDriver BiDi;
 * - WebKit (WebKitGTK, the engine of every iPhone browser) with webdriverio over
 *   WebKitWebDriver (webkit2gtk-driver), classic WebDriver, driving our own bare
 *   window (webkit-browser.py) under Xvfb.
 * Each gives the same small `Tab`: open a page at a size, run a function in it,
 * click, press Tab, take a screenshot. Every engine accepts the test server's
 * self-signed certificate (and nothing else trusts it).
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from "puppeteer-core"
import { remote } from "webdriverio"
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../scripts/browser.cjs"
import { recordProblems } from "./recorder"

export const ENGINES = ["chromium", "firefox", "webkit"] as const
export type EngineName = (typeof ENGINES)[number]

export const FIREFOX_PATH = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr"
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || "/usr/bin/WebKitWebDriver"
const XVFB_PATH = "/usr/bin/Xvfb"
const WEBKIT_BROWSER = path.join(__dirname, "webkit-browser.py")

/** The recorder as a script of its own, run before each document's scripts. */
const RECORDER = `(${recordProblems.toString()})()`

/** A function run in the page: its source is sent, so it must be self-contained. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page function's arguments are whatever it declares
type PageFunction<A extends any[], R> = (...args: A) => R | Promise<R>

export interface Tab {
  readonly engine: EngineName
  /** Sizes the viewport (CSS px) and loads the page, resolving after its load event. */
  open(url: string, width: number, height: number): Promise<void>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as PageFunction
  evaluate<A extends any[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R>
  /** A real click (pointer events from the engine's input, not element.click()). */
  click(selector: string): Promise<void>
  pressTab(): Promise<void>
  /** A PNG of the whole page. */
  screenshot(file: string): Promise<void>
}

export interface Engine {
  readonly name: EngineName
  tab(): Promise<Tab>
  close(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} did not start within ${timeoutMs / 1000} s`)
}

function puppeteerTab(engine: EngineName, page: PuppeteerPage): Tab {
  return {
    engine,
    async open(url, width, height) {
      await page.setViewport({ width, height })
      await page.goto(url, { waitUntil: "load" })
    },
    evaluate: (fn, ...args) => page.evaluate(fn, ...args) as never,
    click: (selector) => page.click(selector),
    pressTab: () => page.keyboard.press("Tab"),
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png`, fullPage: true })
    },
  }
}

async function puppeteerEngine(name: "chromium" | "firefox"): Promise<Engine> {
  const browser: PuppeteerBrowser =
    name === "chromium"
      ? await puppeteer.launch({
          browser: "chrome",
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_FLAGS],
          headless: true,
          acceptInsecureCerts: true,
        })
      : await puppeteer.launch({
          browser: "firefox",
          executablePath: FIREFOX_PATH,
          headless: true,
          acceptInsecureCerts: true,
          // No update checks, telemetry or remote settings: this machine reaches no such host.
          extraPrefsFirefox: {
            "app.update.enabled": false,
            "browser.safebrowsing.update.enabled": false,
            "datareporting.policy.dataSubmissionEnabled": false,
            "network.captive-portal-service.enabled": false,
            "network.connectivity-service.enabled": false,
          },
        })
  return {
    name,
    async tab() {
      const page = await browser.newPage()
      await page.evaluateOnNewDocument(RECORDER)
      return puppeteerTab(name, page)
    },
    close: () => browser.close(),
  }
}

/** Xvfb on a display it picks itself (-displayfd), for WebKit's window. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(XVFB_PATH, ["-displayfd", "3", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  })
  const display = await new Promise<string>((resolve, reject) => {
    let text = ""
    xvfb.stdio[3]?.on("data", (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes("\n")) resolve(`:${text.trim()}`)
    })
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)))
  })
  return { display, process: xvfb }
}

async function webkitEngine(): Promise<Engine> {
  const xvfb = await startXvfb()
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webkit-"))
  const recorder = path.join(dir, "recorder.js")
  fs.writeFileSync(recorder, RECORDER)
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
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/status`)).ok, "WebKitWebDriver")
  } catch (error) {
    stop()
    throw error
  }
  const sessions: WebdriverIO.Browser[] = []
  return {
    name: "webkit",
    async tab() {
      const browser = await remote({
        hostname: "127.0.0.1",
        port,
        logLevel: "error",
        capabilities: {
          // Classic WebDriver: WebKitGTK's driver speaks no BiDi.
          "wdio:enforceWebDriverClassic": true,
          acceptInsecureCerts: true,
          "webkitgtk:browserOptions": { binary: WEBKIT_BROWSER, args: ["--preload", recorder] },
        } as WebdriverIO.Capabilities,
      })
      sessions.push(browser)
      return {
        engine: "webkit",
        async open(url, width, height) {
          // The window holds nothing but the page: its size is the viewport's.
          await browser.setWindowSize(width, height)
          await browser.url(url)
        },
        evaluate: (fn, ...args) => browser.execute(fn as never, ...(args as unknown as never[])) as never,
        async click(selector) {
          await (await browser.$(selector)).click()
        },
        async pressTab() {
          await browser.keys(["Tab"])
        },
        async screenshot(file) {
          // The whole document: an element's screenshot is not cut to the viewport.
          await (await browser.$("html")).saveScreenshot(file)
        },
      }
    },
    async close() {
      for (const session of sessions) await session.deleteSession().catch(() => undefined)
      stop()
    },
  }
}

export function launchEngine(name: EngineName): Promise<Engine> {
  return name === "webkit" ? webkitEngine() : puppeteerEngine(name)
}
