import type { BackendOptions } from "./editor-config"

/**
 * How the editor signs in and reaches the repository: "git-gateway", the site's own passkey sign-in and
 * gateway (netlify/functions/oauth-*, git-gateway; the default), or "github", a GitHub account through
 * Netlify's OAuth provider (for engineers). CMS_BACKEND chooses.
 */
export type EditorSignIn = "git-gateway" | "github"
export const EDITOR_SIGN_INS: readonly EditorSignIn[] = ["git-gateway", "github"]

/** What the build knows of the repository the editor commits to. */
export interface EditorBackend extends BackendOptions {
  /** False when no environment variable named the repository (a local build). */
  repoKnown: boolean
}

/** Stands in for the repository on a build that does not know it; the GitHub login then fails. */
export const UNKNOWN_REPO = "OWNER/REPOSITORY"

/** "owner/name" from a GitHub address: https://github.com/owner/name(.git) or git@github.com:owner/name.git. */
export function githubRepoFromUrl(url: string | undefined): string | undefined {
  const match = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url?.trim() ?? "")
  return match ? `${match[1]}/${match[2]}` : undefined
}

/**
 * The editor's GitHub repository and branch: `CMS_GITHUB_REPO` ("owner/name") when
 * set, else the repository Netlify builds (its `REPOSITORY_URL`); the branch the
 * live site is built from is `CMS_BRANCH`, else "main". (Netlify's `BRANCH` is the
 * branch being built, which for a deploy preview is the draft's own branch.) The sign-in
 * is CMS_BACKEND's ("git-gateway" unless it says "github"; another value stops the build).
 */
export function editorBackend(env: NodeJS.ProcessEnv, siteUrl: string): EditorBackend {
  const repo = env.CMS_GITHUB_REPO?.trim() || githubRepoFromUrl(env.REPOSITORY_URL)
  const signIn = (env.CMS_BACKEND?.trim() || "git-gateway") as EditorSignIn
  if (!EDITOR_SIGN_INS.includes(signIn)) {
    throw new Error(`CMS_BACKEND is "${env.CMS_BACKEND}": it must be ${EDITOR_SIGN_INS.join(" or ")}`)
  }
  return {
    signIn,
    repo: repo ?? UNKNOWN_REPO,
    repoKnown: Boolean(repo),
    branch: env.CMS_BRANCH?.trim() || "main",
    siteUrl,
  }
}
