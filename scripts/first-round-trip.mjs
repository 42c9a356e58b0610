/**
 * What a new connection's first round trip carries: 10 TCP segments of 1460
 * bytes, the initial window Lighthouse's simulation assumes. A page whose HTML
 * (with its headers) is larger waits one round trip more before first paint.
 */
export const FIRST_ROUND_TRIP = 10 * 1460

/**
 * The home page's HTML with its headers leaves this much of the first round
 * trip free, so the next town, coupon or notice does not push it out.
 */
export const HTML_SPARE = 1024

/** The most the home page's HTML, gzip, with its headers, may weigh. */
export const HTML_BUDGET = FIRST_ROUND_TRIP - HTML_SPARE
