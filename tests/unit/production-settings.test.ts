/**
 * @jest-environment node
 */
import type { Reporter } from "gatsby"
import { onPreBootstrap } from "../../internal/gatsby/on-pre-bootstrap"
import { productionSettingsProblems } from "../../internal/production-settings"
import { expectEvery } from "../offenders"

const SECRET = "a-production-secret-of-at-least-32-chars"

/** A production build's environment as docs/deploy.md sets it up, when the build sees every variable. */
const WHOLE = {
  CONTEXT: "production",
  URL: "https://www.northshore.example",
  SITE_URL: "https://www.northshore.example",
  AUTH_SECRET: SECRET,
  CMS_GITHUB_REPO: "northshore/site",
  GITHUB_TOKEN: "github_pat_of-the-site",
}
const APP = {
  GITHUB_APP_ID: "123",
  GITHUB_APP_PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----",
  GITHUB_APP_INSTALLATION_ID: "678",
}

type Environment = Record<string, string | undefined>
const check = (environment: Environment) => productionSettingsProblems((name) => environment[name])

/** Environments a production build must refuse, and the variables its message must name (the one missing, and what is set without it). */
const HALF_SET_UP: ReadonlyArray<[string, Environment, string | readonly string[]]> = [
  ["AUTH_SECRET set, no repository", { ...WHOLE, CMS_GITHUB_REPO: undefined }, "CMS_GITHUB_REPO"],
  ["AUTH_SECRET set, no GitHub credential", { ...WHOLE, GITHUB_TOKEN: undefined }, "GITHUB_TOKEN"],
  ["AUTH_SECRET set, blank credential", { ...WHOLE, GITHUB_TOKEN: "  " }, "GITHUB_TOKEN"],
  ["GITHUB_TOKEN set, no AUTH_SECRET", { ...WHOLE, AUTH_SECRET: undefined }, ["AUTH_SECRET", "GITHUB_TOKEN"]],
  [
    "the GitHub App set, no AUTH_SECRET",
    { ...WHOLE, GITHUB_TOKEN: undefined, ...APP, AUTH_SECRET: undefined },
    ["AUTH_SECRET", "GITHUB_APP_ID"],
  ],
  ["AUTH_SECRET of 31 characters", { ...WHOLE, AUTH_SECRET: "x".repeat(31) }, "AUTH_SECRET"],
  ["AUTH_SECRET of 31 characters and spaces", { ...WHOLE, AUTH_SECRET: ` ${"x".repeat(31)} ` }, "AUTH_SECRET"],
  [
    "the App without its key",
    { ...WHOLE, GITHUB_TOKEN: undefined, ...APP, GITHUB_APP_PRIVATE_KEY: undefined },
    "GITHUB_APP_PRIVATE_KEY",
  ],
  [
    "the App without its installation",
    { ...WHOLE, ...APP, GITHUB_APP_INSTALLATION_ID: "" },
    "GITHUB_APP_INSTALLATION_ID",
  ],
  ["the App's id alone, beside a token", { ...WHOLE, GITHUB_APP_ID: "123" }, "GITHUB_APP_PRIVATE_KEY"],
  [
    "an http address",
    { ...WHOLE, URL: "http://www.northshore.example", SITE_URL: "http://www.northshore.example" },
    "URL",
  ],
  ["URL and SITE_URL on different hosts", { ...WHOLE, SITE_URL: "https://northshore.example" }, "SITE_URL"],
  ["URL and SITE_URL on different schemes", { ...WHOLE, SITE_URL: "http://www.northshore.example" }, "SITE_URL"],
  ["URL and SITE_URL on different ports", { ...WHOLE, SITE_URL: "https://www.northshore.example:8443" }, "SITE_URL"],
  [
    "two addresses without any sign-in",
    { CONTEXT: "production", URL: "https://a.example", SITE_URL: "https://b.example" },
    "SITE_URL",
  ],
  ["SITE_URL not an address", { ...WHOLE, SITE_URL: "www.northshore.example" }, "SITE_URL"],
]

/** Environments a production build takes. */
const SAFE: ReadonlyArray<[string, Environment]> = [
  ["the whole sign-in with a token", WHOLE],
  ["the whole sign-in with the GitHub App", { ...WHOLE, GITHUB_TOKEN: undefined, ...APP }],
  [
    "the sign-in's secrets given to Functions only (the build sees none)",
    { CONTEXT: "production", URL: WHOLE.URL, SITE_URL: WHOLE.URL, CMS_GITHUB_REPO: "northshore/site" },
  ],
  ["GitHub's sign-in, nothing of the site's", { CONTEXT: "production", URL: WHOLE.URL, CMS_BACKEND: "github" }],
  ["SITE_URL unset: the site's address is URL", { ...WHOLE, SITE_URL: undefined }],
  ["SITE_URL with a trailing slash and a path", { ...WHOLE, SITE_URL: `${WHOLE.URL}/` }],
  ["nothing set but Netlify's own", { CONTEXT: "production", URL: WHOLE.URL }],
]

describe("what a production build refuses (internal/production-settings.ts)", () => {
  it("stops a production build whose sign-in is half set up or whose addresses differ, naming the variable", () => {
    expectEvery(
      HALF_SET_UP,
      "environments a production build would deploy",
      ([, environment, variables]) => {
        const problems = check(environment)
        if (!problems) return "not refused"
        const unnamed = [variables].flat().filter((variable) => !problems.includes(variable))
        return unnamed.length ? `refused without naming ${unnamed.join(", ")}: ${problems}` : undefined
      },
      ([name]) => name,
    )
  })

  it("lets a production build go on with the sign-in whole, or absent from what the build sees", () => {
    expectEvery(
      SAFE,
      "safe environments a production build refuses",
      ([, environment]) => check(environment),
      ([name]) => name,
    )
  })

  it("never stops a build that is not production's: a local build, the tests', a deploy preview, a branch deploy", () => {
    const contexts = [undefined, "", "deploy-preview", "branch-deploy", "dev"]
    expectEvery(
      contexts,
      "builds outside production refused",
      (context) =>
        HALF_SET_UP.map(([name, environment]) => check({ ...environment, CONTEXT: context }) && name).filter(
          Boolean,
        ) as string[],
      (context) => `CONTEXT=${JSON.stringify(context)}`,
    )
  })

  it("names every problem at once, and where to set the variables", () => {
    const problems = check({
      ...WHOLE,
      GITHUB_TOKEN: undefined,
      CMS_GITHUB_REPO: undefined,
      GITHUB_APP_ID: "1",
      SITE_URL: "https://a.example",
    })
    expect(problems?.split("\n").filter((line) => line.startsWith("  - "))).toHaveLength(3)
    expect(problems).toMatch(/GITHUB_APP_PRIVATE_KEY/)
    expect(problems).toMatch(/CMS_GITHUB_REPO/)
    expect(problems).toMatch(/SITE_URL/)
    expect(problems).toMatch(/docs\/deploy\.md#the-editors-sign-in/)
  })
})

describe("the build's first step (internal/gatsby/on-pre-bootstrap.ts)", () => {
  const saved = { ...process.env }
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
    Object.assign(process.env, saved)
  })

  it("panics before anything else on a production build half set up, with the message naming the variable", () => {
    Object.assign(process.env, { ...WHOLE, CMS_GITHUB_REPO: "" })
    const panic = jest.fn((message: string) => {
      throw new Error(message)
    })
    const info = jest.fn()
    const reporter = { panic, info } as unknown as Reporter
    expect(() => (onPreBootstrap as (args: { reporter: Reporter }) => void)({ reporter })).toThrow(/CMS_GITHUB_REPO/)
    expect(panic).toHaveBeenCalledTimes(1)
    expect(info).not.toHaveBeenCalled()
  })
})
