/**
 * Rebuilds the site every day, so what the build decides by date (holiday
 * closures, coupons that expire, dated notices) is never more than a day stale.
 * A Netlify scheduled function: Netlify calls it on `config.schedule` (on
 * published deploys only; never reachable by URL), and it POSTs to the site's
 * build hook, whose secret address is the environment variable
 * DAILY_REBUILD_HOOK_URL (set in Netlify's UI, scope Functions; never committed).
 */
import type { Config } from "@netlify/functions"
import { functionEnv as env } from "../../internal/function-env"

export const HOOK_ENV = "DAILY_REBUILD_HOOK_URL"

// Netlify runs the function for 30 s at most: give up on the hook well before.
const HOOK_TIMEOUT_MS = 10_000

const fail = (message: string, status = 500): Response => {
  console.error(`daily-rebuild: ${message}`)
  return new Response(message, { status })
}

export default async (_req: Request): Promise<Response> => {
  const hook = env(HOOK_ENV)?.trim()
  if (!hook) return fail(`${HOOK_ENV} is not set: no rebuild was asked for (see docs/deploy.md#the-daily-rebuild).`)
  let answer: Response
  try {
    answer = await fetch(hook, { method: "POST", signal: AbortSignal.timeout(HOOK_TIMEOUT_MS) })
  } catch (error) {
    return fail(`the build hook could not be reached: ${error instanceof Error ? error.message : String(error)}`, 502)
  }
  await answer.body?.cancel() // nothing to read: free the connection
  if (!answer.ok) return fail(`the build hook answered ${answer.status} ${answer.statusText}`.trim(), 502)
  console.log(`daily-rebuild: build hook answered ${answer.status}; a rebuild is queued.`)
  return new Response("rebuild queued")
}

export const config: Config = {
  // Cron in UTC (Netlify's clock). 06:05 UTC is 00:05 in Chicago in winter (CST,
  // UTC-6) and 01:05 in summer (CDT, UTC-5): just after local midnight all year,
  // so each day's build sees that day's date.
  schedule: "5 6 * * *",
}
