/**
 * What a production build refuses to deploy: an editor's sign-in set up by
 * halves, and a site that would call itself by two addresses. Either one goes
 * live quietly otherwise: a secret without a credential (or the reverse) is a
 * sign-in that answers 503 to the owner, a GitHub App with one of its three
 * variables missing falls back to whatever else is set, and tokens and passkeys
 * bound to `URL` while the pages name `SITE_URL` fail for the owner alone.
 *
 * The build sees only the variables Netlify gives the build (scope Builds):
 * docs/deploy.md gives the secrets to Functions only, so on a site set up as
 * it says the check sees those as unset and judges what it does see. The rules
 * are the functions' own (internal/auth/settings.ts, internal/auth/github-credential.ts),
 * not written a second time.
 */
import type { Env } from "./function-env"
import { authSettings } from "./auth/settings"
import { githubTarget } from "./auth/github-credential"

/** The GitHub App's three variables: all or none. */
const GITHUB_APP = ["GITHUB_APP_ID", "GITHUB_APP_PRIVATE_KEY", "GITHUB_APP_INSTALLATION_ID"] as const

/** The GitHub credentials the gateway takes (either one). */
const GITHUB_CREDENTIALS = ["GITHUB_TOKEN", ...GITHUB_APP] as const

/** Netlify's deploy context of the build: "production" for the live site's. */
export const isProductionBuild = (env: Env): boolean => env("CONTEXT")?.trim() === "production"

const isSet = (env: Env, name: string): boolean => Boolean(env(name)?.trim())

/** The origin of an address variable, or an Error naming it when it is set but not an address. */
function originOf(env: Env, name: string): string | Error | undefined {
  const value = env(name)?.trim()
  if (!value) return undefined
  try {
    return new URL(value).origin
  } catch {
    return new Error(`${name} is not an address: ${JSON.stringify(value)}`)
  }
}

/** What is half set up in the editor's sign-in, each naming its variable; none when it is whole or absent. */
function signInProblems(env: Env): string[] {
  const credentials = GITHUB_CREDENTIALS.filter((name) => isSet(env, name))
  if (!isSet(env, "AUTH_SECRET") && !credentials.length) return []
  const problems: string[] = []
  if (!isSet(env, "AUTH_SECRET")) {
    problems.push(`${credentials.join(", ")} ${credentials.length > 1 ? "are" : "is"} set but AUTH_SECRET is not`)
  } else {
    const settings = authSettings(env)
    if (settings instanceof Error) problems.push(settings.message)
  }
  const app = GITHUB_APP.filter((name) => isSet(env, name))
  if (app.length && app.length < GITHUB_APP.length) {
    const missing = GITHUB_APP.filter((name) => !app.includes(name))
    problems.push(`the GitHub App is half set up: ${app.join(", ")} set, ${missing.join(", ")} missing`)
  }
  const target = githubTarget(env)
  if (target instanceof Error) problems.push(target.message)
  return problems
}

/** Whether URL and SITE_URL name one origin, when both are set. */
function addressProblems(env: Env): string[] {
  const url = originOf(env, "URL")
  const siteUrl = originOf(env, "SITE_URL")
  const malformed = [url, siteUrl].filter((one): one is Error => one instanceof Error).map(({ message }) => message)
  if (malformed.length) return malformed
  return url && siteUrl && url !== siteUrl
    ? [
        `URL (${url}) and SITE_URL (${siteUrl}) name different origins: the sign-in is bound to URL, the pages to SITE_URL`,
      ]
    : []
}

/**
 * Why a production build must stop, one line a problem, each naming its variable; undefined when it
 * may go on, or when the build is not production's (a local build, the tests', a deploy preview).
 */
export function productionSettingsProblems(env: Env): string | undefined {
  if (!isProductionBuild(env)) return undefined
  const problems = [...signInProblems(env), ...addressProblems(env)]
  if (!problems.length) return undefined
  return [
    "This production build stops: its environment variables would deploy a site that is not set up safely.",
    ...problems.map((problem) => `  - ${problem}`),
    "Set or remove them in Netlify (Site configuration → Environment variables) as docs/deploy.md#the-editors-sign-in says, then deploy again.",
  ].join("\n")
}
