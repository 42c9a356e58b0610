/**
 * How the gateway authenticates to GitHub, from the environment: as a GitHub App
 * installed on the repository (GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY,
 * GITHUB_APP_INSTALLATION_ID; its installation token lasts an hour and is kept
 * until shortly before), or with a fine-grained personal access token limited to
 * the repository (GITHUB_TOKEN). The repository is CMS_GITHUB_REPO ("owner/name").
 *
 * The App's installation token is asked for as GitHub documents it ("Authenticating
 * as a GitHub App installation"): a JWT signed RS256 with the App's private key
 * (iss: the App's id, at most 10 minutes), POSTed to
 * /app/installations/{id}/access_tokens. jose signs it, as it signs our own tokens.
 */
import { createPrivateKey } from "node:crypto"
import { SignJWT, importPKCS8 } from "jose"
import type { Env } from "../function-env.ts"

export interface GitHubTarget {
  /** API root, e.g. https://api.github.com (GITHUB_API_URL overrides it: the tests' stand-in). */
  api: string
  repo: string
  token: () => Promise<string>
}

export const GITHUB_API = "https://api.github.com"

const pkcs8 = (pem: string): string => createPrivateKey(pem).export({ type: "pkcs8", format: "pem" }).toString()

let installation: { key: string; token: string; expires: number } | undefined

/** The repository and a way to get a token for it, or an Error naming what is missing. */
export function githubTarget(env: Env): GitHubTarget | Error {
  const repo = env("CMS_GITHUB_REPO")?.trim() ?? ""
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo))
    return new Error("the gateway is not set up: CMS_GITHUB_REPO (owner/name) is missing")
  const api = (env("GITHUB_API_URL")?.trim() || GITHUB_API).replace(/\/+$/, "")
  const appId = env("GITHUB_APP_ID")?.trim()
  const privateKey = env("GITHUB_APP_PRIVATE_KEY")?.replace(/\\n/g, "\n").trim()
  const installationId = env("GITHUB_APP_INSTALLATION_ID")?.trim()
  if (appId && privateKey && installationId) {
    return {
      api,
      repo,
      token: async () => {
        const key = `${appId}/${installationId}`
        if (installation?.key === key && installation.expires - Date.now() > 5 * 60_000) return installation.token
        const now = Math.floor(Date.now() / 1000)
        const jwt = await new SignJWT({})
          .setProtectedHeader({ alg: "RS256" })
          .setIssuer(appId)
          .setIssuedAt(now - 60)
          .setExpirationTime(now + 9 * 60)
          // GitHub gives the key as PKCS#1 ("BEGIN RSA PRIVATE KEY"); jose reads PKCS#8.
          .sign(await importPKCS8(pkcs8(privateKey), "RS256"))
        const response = await fetch(`${api}/app/installations/${installationId}/access_tokens`, {
          method: "POST",
          headers: {
            Accept: "application/vnd.github+json",
            Authorization: `Bearer ${jwt}`,
            "User-Agent": "site-editor-gateway",
            "X-GitHub-Api-Version": "2022-11-28",
          },
          signal: AbortSignal.timeout(10_000),
        })
        if (!response.ok) throw new Error(`GitHub refused the App's installation token: ${response.status}`)
        const { token, expires_at } = (await response.json()) as { token: string; expires_at: string }
        installation = { key, token, expires: Date.parse(expires_at) }
        return token
      },
    }
  }
  const token = env("GITHUB_TOKEN")?.trim()
  if (!token) {
    return new Error(
      "the gateway is not set up: set GITHUB_TOKEN, or GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY and GITHUB_APP_INSTALLATION_ID",
    )
  }
  return { api, repo, token: async () => token }
}
