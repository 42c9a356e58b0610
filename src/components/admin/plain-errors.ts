import { ApiError, NetworkError } from "./admin-api"

/**
 * What went wrong, in plain words for the owner on a phone, and what to do
 * next. `toEditor` adds a link to the editor (/admin/) with that label.
 */
export interface Problem {
  text: string
  toEditor?: string
}

export const NETWORK_PROBLEM =
  "The site could not be reached. Check that the phone is online (Wi-Fi or mobile data), then try again."
export const UNAVAILABLE_PROBLEM =
  "Passkey sign-in is not switched on for this site yet. Tell the person who looks after the website."
export const SERVER_PROBLEM = "Something went wrong on the website's side. Wait a minute, then try again."
export const UNSUPPORTED_PROBLEM =
  "This browser cannot use passkeys. Open this page in Safari on an iPhone or iPad, or in Chrome on an Android phone or a computer, or on another phone."

export const NO_INVITATION_PROBLEM =
  "This invitation link is incomplete. Open the whole link from the invitation again; if it still does not work, ask the person who invited you to send it again."
export const INVITATION_USED_PROBLEM =
  "This invitation has expired or was already used. Ask the person who invited you for a new one."
export const ALREADY_SAVED_PROBLEM = "This phone already has a passkey for this site: you can sign in with it."
export const ALREADY_EDITOR_PROBLEM =
  "This email address can already sign in, so the invitation cannot add another. To use this phone too, sign in on your first phone, open Editors on this one signed in, and press “Add this phone”."
export const ADD_PHONE_CANCELLED_PROBLEM =
  "The passkey was not saved: the phone's request was cancelled or timed out. Press “Add this phone” to try again."
export const PHONE_ALREADY_ADDED_PROBLEM =
  "This phone already has a passkey of yours for this site: you can sign in with it."
export const REGISTRATION_CANCELLED_PROBLEM =
  "The passkey was not saved: the phone's request was cancelled or timed out. Press “Save a passkey” to try again."

export const SIGN_IN_CANCELLED_PROBLEM =
  "No passkey was used: the request was cancelled or timed out, or this phone has no passkey for this site. Press “Sign in with a passkey” to try again. If you have never saved a passkey on this phone, ask an editor for an invitation."
export const SIGN_IN_INCOMPLETE_PROBLEM =
  "The sign-in request is incomplete or out of date. Go back to the editor and sign in from there."
export const NOT_SIGNED_IN_PROBLEM = "You are not signed in, or your sign-in has expired. Sign in to the editor first."

/** The server's own words as a sentence: "the link expired: try again" -> "The link expired: try again." */
export function sentence(message: string): string {
  const text = message.trim()
  if (!text) return ""
  const capitalised = text[0].toUpperCase() + text.slice(1)
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`
}

/** A browser that refused or gave up the passkey dialog (cancelled, timed out, or no passkey to offer). */
const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")

/** What every screen says about a failure no step explains better. */
function commonProblem(error: unknown): Problem {
  if (error instanceof NetworkError) return { text: NETWORK_PROBLEM }
  if (error instanceof ApiError) {
    if (error.status === 503) return { text: UNAVAILABLE_PROBLEM }
    if (error.status >= 500) return { text: SERVER_PROBLEM }
    return { text: sentence(error.message) || "The website refused the request. Try again." }
  }
  const detail = error instanceof Error && error.message ? ` (the phone said: ${error.message})` : ""
  return { text: `The phone could not complete the passkey step${detail}. Try again, or try another browser or phone.` }
}

/** The invitation page: asking for the passkey's options, the phone saving it, the site recording it. */
export function invitationProblem(error: unknown, step: "options" | "phone" | "registration"): Problem {
  if (error instanceof ApiError) {
    if (error.status === 409 && /email/i.test(error.message)) return { text: ALREADY_EDITOR_PROBLEM }
    if (error.status === 409) return { text: ALREADY_SAVED_PROBLEM, toEditor: "Open the editor" }
    if (step === "options" && error.status === 400) return { text: NO_INVITATION_PROBLEM }
    if (step === "options" && [403, 404, 410].includes(error.status)) return { text: INVITATION_USED_PROBLEM }
    if (step === "registration" && error.status === 403 && /invitation/i.test(error.message)) {
      return { text: INVITATION_USED_PROBLEM }
    }
  }
  if (step === "phone") {
    if (isCancelled(error)) return { text: REGISTRATION_CANCELLED_PROBLEM }
    if (error instanceof Error && error.name === "InvalidStateError") {
      return { text: ALREADY_SAVED_PROBLEM, toEditor: "Open the editor" }
    }
  }
  return commonProblem(error)
}

/** The sign-in page: asking for the options, the phone signing, the site checking it. */
export function signInProblem(error: unknown, step: "options" | "phone" | "authorize"): Problem {
  if (step === "phone" && isCancelled(error)) return { text: SIGN_IN_CANCELLED_PROBLEM }
  if (step === "authorize" && error instanceof ApiError && error.status === 400) {
    return { text: SIGN_IN_INCOMPLETE_PROBLEM, toEditor: "Go back to the editor" }
  }
  return commonProblem(error)
}

/** The editors page's "Add this phone": asking for the options, the phone saving it, the site recording it. */
export function addPhoneProblem(error: unknown, step: "options" | "phone" | "registration"): Problem {
  if (error instanceof ApiError && error.status === 409) return { text: PHONE_ALREADY_ADDED_PROBLEM }
  if (step === "phone") {
    if (isCancelled(error)) return { text: ADD_PHONE_CANCELLED_PROBLEM }
    if (error instanceof Error && error.name === "InvalidStateError") return { text: PHONE_ALREADY_ADDED_PROBLEM }
  }
  return editorsProblem(error)
}

/** The editors page: listing, removing, inviting, changing a role, taking an invitation back. */
export function editorsProblem(error: unknown): Problem {
  if (error instanceof ApiError && error.status === 401) {
    return { text: NOT_SIGNED_IN_PROBLEM, toEditor: "Sign in to the editor" }
  }
  return commonProblem(error)
}
