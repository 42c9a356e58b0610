/**
 * Deletes the call-back requests kept long enough (internal/call-backs/store.ts):
 * 30 days after they were marked called, 60 days after they came if never
 * marked. A Netlify scheduled function: Netlify calls it on `config.schedule`
 * (published deploys only; never reachable by URL). The moment it judges by is
 * now, or in a test the `now` it is given (sweepRequests takes it).
 */
import type { Config } from "@netlify/functions"
import { callBacksStore, sweepRequests } from "../../internal/call-backs/store"

export default async (_req: Request): Promise<Response> => {
  try {
    const { deleted, kept } = await sweepRequests(callBacksStore(), Date.now())
    console.log(`call-back-sweep: ${deleted} requests deleted, ${kept} kept`)
    return new Response(`${deleted} deleted, ${kept} kept`)
  } catch (error) {
    const message = `the requests could not be swept: ${error instanceof Error ? error.message : String(error)}`
    console.error(`call-back-sweep: ${message}`)
    return new Response(message, { status: 500 })
  }
}

export const config: Config = {
  // Cron in UTC: once a day; a request is kept a day at most past its time.
  schedule: "45 6 * * *",
}
