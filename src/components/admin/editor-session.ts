/** Where Decap CMS keeps the signed-in editor (static/admin/): JSON with the access token in `token`. */
export const DECAP_USER_KEY = "decap-cms-user"

export interface EditorSession {
  token: string
  /** The signed-in editor's address, when Decap kept it. */
  email?: string
}

/** The editor signed in to Decap in this browser, or null. */
export function readEditorSession(): EditorSession | null {
  try {
    const user = JSON.parse(window.localStorage.getItem(DECAP_USER_KEY) ?? "null") as Record<string, unknown> | null
    if (!user || typeof user.token !== "string" || !user.token) return null
    return { token: user.token, email: typeof user.email === "string" ? user.email : undefined }
  } catch {
    return null
  }
}
