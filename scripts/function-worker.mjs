/**
 * A warm instance of one Netlify function, in a worker thread of scripts/netlify-serve.mjs
 * (scripts/warm-functions.mjs starts it): it imports the function's build once, then answers
 * one call at a time, as a warm instance on Netlify does. Each call does what
 * @netlify/functions-dev's own worker (dist/worker.js) does once and exits: the environment
 * as the server had it when the call started, then lambda-local's execute on the event. Its answer
 * is one message with the whole result: functions-dev's worker relays a streamed body over a local
 * socket instead, which the instance would have to keep serving after it answered.
 */
import process from "node:process"
import { parentPort, workerData } from "node:worker_threads"
import lambdaLocal from "lambda-local"

// Stack traces name the function's sources, as functions-dev's worker does with source-map-support.
process.setSourceMapsEnabled(true)
lambdaLocal.getLogger().level = "alert"

/** Statuses whose response has no body (undici's nullBodyStatus, as functions-dev's worker keeps it). */
const NULL_BODY_STATUS = new Set([101, 204, 205, 304])

const lambdaFunc = await import(workerData.entryFilePath)

/** The server's environment at the call's start, then the call's own variables over it. */
function takeEnvironment(serverEnv, environment) {
  for (const name of Object.keys(process.env)) if (!(name in serverEnv)) delete process.env[name]
  Object.assign(process.env, serverEnv, environment)
}

/**
 * A call's result with its body whole: a streamed body is read to its end (the functions answer
 * small bodies and none streams for long), and dropped where the status allows none.
 */
async function whole(result) {
  const body = result?.body
  if (typeof body?.pipe !== "function") return result
  const chunks = []
  for await (const chunk of body) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk)
  return { ...result, body: NULL_BODY_STATUS.has(result.statusCode) ? undefined : Buffer.concat(chunks) }
}

parentPort.on("message", async ({ clientContext, environment = {}, event, serverEnv, timeoutMs }) => {
  try {
    takeEnvironment(serverEnv, environment)
    const result = await lambdaLocal.execute({
      clientContext,
      event,
      lambdaFunc,
      region: "dev",
      timeoutMs,
      verboseLevel: 3,
    })
    parentPort.postMessage({ result: await whole(result) })
  } catch (error) {
    parentPort.postMessage({ error })
  }
})
