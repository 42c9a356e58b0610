import type { Env } from "../function-env"

/**
 * CALL_BACKS=off switches the call-back request off, at build time (scope
 * Builds and Functions): no page carries the form, the link or the line
 * (siteMetadata.callBacks, gatsby-config.ts), `/call-back/` is not built, and
 * the function stores nothing. Anything else, or unset, leaves it on.
 */
export const CALL_BACKS_ENV = "CALL_BACKS"

export const callBacksOn = (env: Env): boolean => env(CALL_BACKS_ENV)?.trim().toLowerCase() !== "off"
