import type { BackendOptions } from "./editor-config"

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
 * branch being built, which for a deploy preview is the draft's own branch.)
 */
export function editorBackend(env: NodeJS.ProcessEnv, siteUrl: string): EditorBackend {
  const repo = env.CMS_GITHUB_REPO?.trim() || githubRepoFromUrl(env.REPOSITORY_URL)
  return {
    repo: repo ?? UNKNOWN_REPO,
    repoKnown: Boolean(repo),
    branch: env.CMS_BRANCH?.trim() || "main",
    siteUrl,
  }
}
