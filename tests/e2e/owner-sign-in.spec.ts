import { spawnSync } from "child_process"
import fs from "fs"
import path from "path"
import { expect, test, type Browser, type Page } from "@playwright/test"
import { startGitHubStandIn, type GitHubStandIn } from "../github-stand-in"
import { startNetlifyDev, type NetlifyDevServer } from "../netlify-dev"
import { ROOT, publish, saveDraft, watchEditor } from "./editor-setup"
import { dayAfter, freeDays } from "./today-page-edits"

/**
 * The owner's whole path, in Chromium, through Decap's real editor and the site's own
 * functions as Netlify runs them (scripts/netlify-serve.mjs: @netlify/dev's routing,
 * headers and Blobs), with GitHub's API a local stand-in that records what the gateway
 * relayed (tests/github-stand-in.ts): an invitation made by `npm run invite`, a passkey
 * saved on the phone (Chromium's virtual platform authenticator, through the DevTools
 * protocol), Decap's login by that passkey, a town's paragraph edited, saved as a draft
 * (a pull request) and published (merged): commits on the stand-in naming the owner.
 * WebAuthn wants a secure context: the site is served on http://localhost.
 */

const REPO = "northshore/site"
const GITHUB_TOKEN = "the-sites-own-github-token"
const OWNER = { email: "owner@example.com", name: "Pat Owner" }
const SECRET = "an-end-to-end-secret-of-at-least-32-characters"
/**
 * The longest wait for one step through the site's functions: each call starts the function in a
 * worker of its own, as a cold start (about 0.2 s on a quiet machine), and a step such as
 * publishing makes a dozen calls.
 */
const STEP = 60_000
/** Someone the owner invites from the editors' page, on a phone of their own. */
const HELPER = { email: "sam@example.com", name: "Sam Helper" }

/**
 * What Decap asks the gateway and is answered 404 by design, each swallowed by Decap: a draft's branch
 * before the draft exists, the media folder the stand-in's repository lacks (it holds data/ only), and
 * what a git gateway never relays (as Netlify's own): the draft's author's GitHub profile (Decap shows
 * the name it has instead) and the notes issues it would close on publishing (GitHub's search).
 */
const EXPECTED_404 = /^(branches\/cms%2F[\w%-]+|git\/trees\/main:src\/images\/brands|users\/[\w-]+|search\/issues)$/
const NOT_FOUND_LINE = /^error: Failed to load resource: the server responded with a status of 404/
const NOTES_WARNING = /^warning: Failed to close notes issue on publish: API_ERROR: Not Found/

/** How many towns the stand-in's repository holds: Decap reads every town of the collection when one opens. */
const TOWNS = 1

/**
 * The repository as the stand-in holds it: every file of data/ but the towns, of which the first
 * TOWNS (each gateway call starts its function anew, about 0.2 s).
 */
function repositoryFiles(): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (folder: string) => {
    const entries = fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    const kept =
      folder === "data/cities" ? entries.sort((a, b) => a.name.localeCompare(b.name)).slice(0, TOWNS) : entries
    for (const entry of kept) {
      const file = path.posix.join(folder, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (file.endsWith(".json")) files[file] = fs.readFileSync(path.join(ROOT, file), "utf8")
    }
  }
  walk("data")
  return files
}

/** Chromium's virtual authenticator, as a phone's: built in, resident keys, the person verified. */
async function phoneAuthenticator(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send("WebAuthn.enable")
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

test.describe("the owner signs in with a passkey and publishes through the site's own gateway", () => {
  test.describe.configure({ mode: "serial" })

  const files = repositoryFiles()
  const townFile = Object.keys(files).find((file) => file.startsWith("data/cities/"))!
  const slug = path.basename(townFile, ".json")
  const town = JSON.parse(files[townFile]) as { localParagraph?: string }
  let github: GitHubStandIn
  let server: NetlifyDevServer | undefined
  let origin = ""
  let env: Record<string, string> = {}
  // One phone through the steps: its passkey, its signed-in editor.
  let page: Page
  let editor: ReturnType<typeof watchEditor>
  // The helper's phone, and the invitation the owner made for it.
  let helper: Page | undefined
  let helperLink = ""
  let edited = ""
  const gateway404s: string[] = []

  /** The editor's problems, but the console's lines for the expected 404s above. */
  const problems = () => {
    const lines = editor.problems()
    const notFound = lines.filter((line) => NOT_FOUND_LINE.test(line))
    return [
      ...lines.filter((line) => !NOT_FOUND_LINE.test(line) && !NOTES_WARNING.test(line)),
      ...(notFound.length > gateway404s.length ? notFound : []),
      ...gateway404s.filter((asked) => !EXPECTED_404.test(asked)).map((asked) => `404 from the gateway: ${asked}`),
    ]
  }

  /** A phone of its own (a browser context) with its platform authenticator, opening this server's editor. */
  const newPhone = async (browser: Browser): Promise<Page> => {
    const phone = await (await browser.newContext()).newPage()
    await phoneAuthenticator(phone)
    // The built config.yml names the build's address (http://localhost:9000); this server has its own port.
    await phone.route("**/admin/config.yml", async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, body: (await response.text()).replaceAll("http://localhost:9000", origin) })
    })
    return phone
  }

  /** From the editor's Login to the collections, on a phone whose passkey signs in. */
  const signIn = async (phone: Page) => {
    await phone.getByRole("button", { name: "Login", exact: true }).click()
    await phone.waitForURL(/\/admin\/sign-in\/\?/, { timeout: STEP })
    await phone.getByRole("button", { name: "Sign in with a passkey" }).click()
  }

  test.beforeAll(async ({ browser }) => {
    github = await startGitHubStandIn({ repo: REPO, files, token: GITHUB_TOKEN })
    const gateway = { AUTH_SECRET: SECRET, CMS_GITHUB_REPO: REPO, GITHUB_TOKEN, GITHUB_API_URL: github.url }
    // On a free port; the server gives its functions URL=http://localhost:PORT, as `npm run invite` needs it.
    server = await startNetlifyDev({ env: gateway })
    origin = server.origin
    env = { ...gateway, URL: origin }
    page = await newPhone(browser)
    editor = watchEditor(page)
    await editor.install()
    page.on("response", (response) => {
      const asked = new URL(response.url())
      if (response.status() === 404 && asked.pathname.startsWith("/api/git/github/")) {
        gateway404s.push(asked.pathname.slice("/api/git/github/".length))
      }
    })
  })

  test.afterAll(async () => {
    await page?.context().close()
    await helper?.context().close()
    await server?.stop()
    await github?.stop()
  })

  test("the invitation `npm run invite` prints saves a passkey on the phone", async () => {
    const invite = spawnSync(
      process.execPath,
      ["--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "scripts/invite.mts", OWNER.email, "--name", OWNER.name],
      { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8" },
    )
    expect(invite.status, invite.stderr).toBe(0)
    const link = invite.stdout.split("\n")[0]
    expect(link).toMatch(new RegExp(`^${origin}/admin/invitation/#`))
    await page.goto(link)
    await page.getByRole("button", { name: "Save a passkey" }).click()
    await expect(page.getByRole("heading", { name: "Your passkey is saved" })).toBeVisible({ timeout: STEP })
  })

  test("Decap's login goes to the passkey sign-in and comes back signed in, with the collections", async () => {
    await page.getByRole("link", { name: "Open the editor" }).click()
    await signIn(page)
    await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible({ timeout: STEP })
    expect(problems()).toEqual([])
  })

  test("a town's paragraph saved as a draft is a pull request; main is untouched", async () => {
    await page.goto(`${origin}/admin/#/collections/cities/entries/${slug}`)
    const paragraph = page.getByLabel("About the town", { exact: true })
    await expect(paragraph).toHaveValue(town.localParagraph ?? "", { timeout: STEP })
    // The same number of words, the last one changed: within the content model's limits.
    edited = (town.localParagraph ?? "").replace(/\S+$/, "repairs.")
    expect(edited).not.toBe(town.localParagraph)
    await paragraph.fill(edited)
    await saveDraft(page, STEP)
    expect(github.pulls()).toEqual([expect.objectContaining({ head: `cms/cities/${slug}`, state: "open" })])
    expect(github.file("main", townFile)).toBe(files[townFile])
    expect(JSON.parse(github.file(`cms/cities/${slug}`, townFile) ?? "{}")).toEqual({ ...town, localParagraph: edited })
  })

  test("published: merged into main, every commit naming the owner, GitHub reached only with the site's token", async () => {
    await publish(page, STEP)

    expect(JSON.parse(github.file("main", townFile) ?? "{}")).toEqual({ ...town, localParagraph: edited })
    expect(github.pulls()).toEqual([expect.objectContaining({ head: `cms/cities/${slug}`, merged: true })])
    const commits = github.requests.filter(({ method, path: url }) => method === "POST" && url.endsWith("/git/commits"))
    expect(commits.length).toBeGreaterThan(0)
    expect(commits.map(({ body }) => (body as { author?: object }).author)).toEqual(
      commits.map(() => expect.objectContaining({ name: OWNER.name, email: OWNER.email })),
    )
    expect(new Set(github.requests.map(({ authorization }) => authorization))).toEqual(
      new Set([`Bearer ${GITHUB_TOKEN}`]),
    )
    expect(problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("the Calls report reads with the same sign-in: a tap on the phone number, counted", async () => {
    const tap = await page.request.post(`${origin}/api/call-tap`, {
      data: JSON.stringify({ path: "/coupons/", placement: "header" }),
      headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: origin },
    })
    expect(tap.status()).toBe(204)
    await page.goto(`${origin}/admin/calls/`)
    await expect(page.locator("#report .total")).toContainText("1 tap on the phone number", { timeout: STEP })
    expect(problems()).toEqual([])
  })

  test("the editors' page lists the owner with the phone's passkey, and makes an invitation for a helper", async () => {
    await page.goto(`${origin}/admin/editors/`)
    await expect(page.getByRole("list", { name: `Passkeys of ${OWNER.name}` }).getByRole("listitem")).toHaveCount(1, {
      timeout: STEP,
    })
    await page.getByLabel("Email address").fill(HELPER.email)
    await page.getByLabel("Name (optional)").fill(HELPER.name)
    await page.getByRole("button", { name: "Make an invitation" }).click()
    await expect(page.getByText(`The invitation for ${HELPER.email} is ready.`)).toContainText(
      "It was not emailed: send the link yourself",
      { timeout: STEP },
    )
    helperLink = await page.getByLabel("Invitation link").inputValue()
    expect(helperLink).toMatch(new RegExp(`^${origin}/admin/invitation/#`))
    expect(problems()).toEqual([])
  })

  test("the helper's link saves a passkey on their phone and signs them in; the owner then sees them", async ({
    browser,
  }) => {
    helper = await newPhone(browser)
    await helper.goto(helperLink)
    await helper.getByRole("button", { name: "Save a passkey" }).click()
    await helper.getByRole("link", { name: "Open the editor" }).click()
    await signIn(helper)
    await expect(helper.getByRole("heading", { name: "Collections" })).toBeVisible({ timeout: STEP })
    await page.reload()
    await expect(page.getByRole("list", { name: `Passkeys of ${HELPER.name}` }).getByRole("listitem")).toHaveCount(1, {
      timeout: STEP,
    })
  })

  test("the owner removes the helper's passkey: the helper's session ends at once, and the passkey no longer signs in", async () => {
    const phone = helper!
    const { token } = (await phone.evaluate(() => JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}"))) as {
      token?: string
    }
    expect(token).toBeTruthy()
    await page.getByRole("button", { name: new RegExp(`^Remove the passkey on .+ of ${HELPER.name}, saved `) }).click()
    await expect(page.getByRole("status").filter({ hasText: `The passkey of ${HELPER.name} on ` })).toContainText(
      "is removed.",
      { timeout: STEP },
    )
    // Their only passkey: they are no longer listed among those who can sign in.
    await expect(page.getByText(HELPER.email)).toHaveCount(0)
    await expect(page.getByRole("list", { name: `Passkeys of ${OWNER.name}` }).getByRole("listitem")).toHaveCount(1)

    const relayed = github.requests.length
    const refused = await phone.request.get(`${origin}/api/git/github/branches/main`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(refused.status()).toBe(401)
    expect(github.requests.length).toBe(relayed)

    // Signed out, the helper tries again with the passkey still on their phone.
    await phone.evaluate(() => localStorage.removeItem("decap-cms-user"))
    await phone.goto(`${origin}/admin/`)
    await signIn(phone)
    await expect(phone.getByRole("alert")).toContainText(
      "This passkey is not registered for this site: ask an editor for an invitation.",
      { timeout: STEP },
    )
    expect(github.requests.length).toBe(relayed)
    expect(problems()).toEqual([])
  })

  /** The closure the page for today makes while a draft of the business details waits. */
  const draftTest = { file: "data/business.json", closed: { from: "", note: "a draft's test" }, street: "" }

  test("a draft of the business details waits while the page for today, with the same sign-in, closes a day on main", async () => {
    const before = JSON.parse(github.file("main", draftTest.file) ?? "{}") as {
      address: { street: string }
      specialHours?: { from: string; to?: string }[]
    }
    draftTest.street = before.address.street
    await page.goto(`${origin}/admin/#/collections/business/entries/business`)
    const street = page.getByLabel("Street", { exact: true })
    await expect(street).toHaveValue(before.address.street, { timeout: STEP })
    await street.fill(`${before.address.street} (draft)`)
    await saveDraft(page, STEP)

    draftTest.closed.from = freeDays(before.specialHours ?? [], dayAfter(new Date().toISOString().slice(0, 10), 50))
    await page.goto(`${origin}/admin/today/`)
    await page.getByRole("button", { name: "Close a day or several" }).click()
    await page.getByLabel("First day", { exact: true }).fill(draftTest.closed.from)
    await page.getByLabel("Occasion", { exact: true }).fill(draftTest.closed.note)
    await page.getByRole("button", { name: "Close these days" }).click()
    // The save's own status (the page's call-back requests have one too).
    await expect(page.getByRole("status").filter({ hasText: "Saved at" })).toBeVisible({ timeout: STEP })
    expect(JSON.parse(github.file("main", draftTest.file) ?? "{}").specialHours).toContainEqual(draftTest.closed)
    expect(github.pulls()).toContainEqual(expect.objectContaining({ head: "cms/business/business", state: "open" }))
  })

  test("publishing that draft is refused in words the owner can act on: the closure stays live and the draft is kept", async () => {
    // GitHub cannot merge the draft, and Decap's force merge (the draft's file written over the
    // live one) is refused by the gateway.
    await page.goto(`${origin}/admin/#/collections/business/entries/business`)
    await expect(page.getByRole("button", { name: /^Status: / })).toBeVisible({ timeout: STEP })
    await page.getByRole("button", { name: /^Status: / }).click()
    await page.getByRole("menuitem", { name: "Ready", exact: true }).click()
    await expect(page.getByRole("button", { name: "Status: Ready" })).toBeVisible({ timeout: STEP })
    await page.getByRole("button", { name: "Publish", exact: true }).click()
    await page.getByRole("menuitem", { name: "Publish now" }).click()
    await expect(
      page.getByText(/^Failed to publish: .*this draft would undo a newer change to the same file/),
    ).toBeVisible({ timeout: STEP })
    const live = JSON.parse(github.file("main", draftTest.file) ?? "{}")
    expect(live.specialHours).toContainEqual(draftTest.closed)
    expect(live.address.street).toBe(draftTest.street)
    expect(github.pulls()).toContainEqual(
      expect.objectContaining({ head: "cms/business/business", state: "open", merged: false }),
    )
    // The browser logs the refused merge (405) and the refused force merge (409); nothing else goes wrong.
    const refusedLines = /^error: Failed to load resource: the server responded with a status of (405|409)/
    expect(problems().filter((line) => !refusedLines.test(line))).toEqual([])
  })

  test("Log Out in Decap ends the session on the site: the token it held is refused at once", async () => {
    // What the steps before logged (the refused publish) is theirs: this step adds nothing.
    const logged = problems().length
    await page.goto(`${origin}/admin/`)
    await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible({ timeout: STEP })
    // Decap done loading the collection: a read still on its way when the session ends is refused (401).
    await page.waitForLoadState("networkidle")
    const { token } = (await page.evaluate(() => JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}"))) as {
      token?: string
    }
    expect(token).toBeTruthy()
    const signedOut = page.waitForResponse((response) => response.url() === `${origin}/api/auth/sign-out`, {
      timeout: STEP,
    })
    await page.getByRole("button", { name: "Account options dropdown" }).click()
    await page.getByRole("menuitem", { name: "Log Out" }).click()
    expect((await signedOut).status()).toBe(204)
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible({ timeout: STEP })
    const relayed = github.requests.length
    const refused = await page.request.get(`${origin}/api/git/github/branches/main`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(refused.status()).toBe(401)
    expect(github.requests.length).toBe(relayed)
    expect(problems().slice(logged)).toEqual([])
  })

  // The page for today signs in where it stands (src/today/sign-in.ts). Here rather than in
  // owner-today.spec.ts: a passkey needs a host name for its relying party, and that spec's page
  // is served at 127.0.0.1; here the phone already holds the owner's passkey for localhost.

  /** Every address the phone's page went to, from now on. */
  const navigations = (phone: Page): string[] => {
    const went: string[] = []
    phone.on("framenavigated", (frame) => {
      if (frame === phone.mainFrame()) went.push(frame.url())
    })
    return went
  }

  test("signed out (after Log Out), the page for today signs in with the passkey where it stands; the editor then opens signed in too", async () => {
    const logged = problems().length
    await page.goto(`${origin}/admin/today/`)
    await expect(page.getByRole("heading", { name: "What a visitor sees now" })).toBeVisible({ timeout: STEP })
    expect(await page.evaluate(() => localStorage.getItem("decap-cms-user"))).toBeNull()
    const signIn = page.getByRole("button", { name: "Sign in", exact: true })
    const box = await signIn.boundingBox()
    expect(box?.height ?? 0, "the Sign in button's height, px").toBeGreaterThanOrEqual(44)
    const went = navigations(page)

    await signIn.click()

    await expect(page.getByRole("button", { name: "Close a day or several" })).toBeVisible({ timeout: STEP })
    await expect(signIn).toHaveCount(0)
    expect(went, "the page never left /admin/today/").toEqual([])
    expect(page.url()).toBe(`${origin}/admin/today/`)
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}"))
    expect(user).toMatchObject({ backendName: "git-gateway", email: OWNER.email, name: OWNER.name })
    // Decap reads what the page kept: the editor opens on its collections, with no Login.
    await page.goto(`${origin}/admin/`)
    await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible({ timeout: STEP })
    expect(problems().slice(logged)).toEqual([])
  })

  test("a sign-in that ends mid-save keeps what was typed; Sign in there signs in again and then sends the change", async () => {
    await page.goto(`${origin}/admin/today/`)
    await page.getByRole("button", { name: "A notice until a date" }).click()
    const text = "Back at 1 pm today: the van is on a call."
    await page.getByLabel("Notice", { exact: true }).fill(text)
    await page.getByLabel("Last day", { exact: true }).fill(dayAfter(new Date().toISOString().slice(0, 10), 30))
    // The session ends on the site (Log Out on another phone, an hour gone by) while the page still holds its token.
    const { token } = (await page.evaluate(() => JSON.parse(localStorage.getItem("decap-cms-user") ?? "{}"))) as {
      token?: string
    }
    const ended = await page.request.post(`${origin}/api/auth/sign-out`, {
      headers: { Authorization: `Bearer ${token}`, Origin: origin },
    })
    expect(ended.status()).toBe(204)
    const commits = github.commits("main").length
    const went = navigations(page)

    await page.getByRole("button", { name: "Show this notice" }).click()

    await expect(page.getByRole("alert").filter({ hasText: "Nothing was saved" })).toContainText(
      "Nothing was saved: your sign-in has ended. Sign in again.",
      { timeout: STEP },
    )
    expect(github.commits("main").length, "nothing committed with the ended sign-in").toBe(commits)
    await expect(page.getByLabel("Notice", { exact: true })).toHaveValue(text)
    await page.getByRole("button", { name: "Sign in", exact: true }).click()

    await expect(page.locator(".arrival")).toContainText(/^Saved at \d{1,2}:\d{2} (am|pm): Notice on every page/, {
      timeout: STEP,
    })
    expect(github.commits("main").length, "one commit, once signed in again").toBe(commits + 1)
    expect(JSON.parse(github.file("main", "data/notice.json") ?? "{}")).toMatchObject({ show: true, text })
    expect(went, "the page never left /admin/today/").toEqual([])
  })
})
