/**
 * The invitation's token, from the link's #fragment (never sent in a request
 * line). Once read it leaves the address bar, so it is not left in the history
 * or shown over a shoulder, and waits in this tab's sessionStorage until the
 * passkey is saved, so a reload of the page still has it.
 */
const STORAGE_KEY = "editor-invitation"

function storage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null // storage refused (a private window on some browsers)
  }
}

/** The token of the link just opened, or of this tab's earlier load of it; "" when there is none. */
export function takeInvitationToken(): string {
  const fromHash = decodeURIComponent(window.location.hash.replace(/^#/, "")).trim()
  if (fromHash) {
    try {
      storage()?.setItem(STORAGE_KEY, fromHash)
    } catch {
      // Full or refused: the token still works for this load of the page.
    }
    const { pathname, search } = window.location
    window.history.replaceState(window.history.state, "", `${pathname}${search}`)
    return fromHash
  }
  return storage()?.getItem(STORAGE_KEY) ?? ""
}

/** Forgets the token once it is used up. */
export function forgetInvitationToken(): void {
  storage()?.removeItem(STORAGE_KEY)
}
