/**
 * Warm instances of the functions for scripts/netlify-serve.mjs, as Netlify keeps a function's
 * instance warm between calls: each instance is a worker thread of ours (scripts/function-worker.mjs)
 * that imports one build of a function once and answers its calls one at a time, with
 * lambda-local, as @netlify/functions-dev's own one-call worker does once and exits. Starting a
 * worker for every call costs about a quarter of a second of processor time here.
 *
 * `functionInstances()` gives `call(entryFilePath, call)`: the call ({ clientContext, event,
 * timeoutMs }) answered by a warm instance of that build, its result whole or its error.
 * - An instance answers one call at a time; calls at once get instances of their own, and at most
 *   IDLE_PER_BUILD wait for the next call.
 * - A build is its file's size and modification time: after a rebuild the next call starts a new
 *   instance, and stops the old build's idle ones; an old build's instance busy with a call then
 *   stops once it has answered.
 * - An instance whose call failed (a thrown error, a timeout whose handler may still run) or that
 *   crashed is stopped, never given another call.
 * - Each call sees the server's environment as it is when the call starts, as a new worker would.
 * - A streamed body comes back whole, once the function has written it (scripts/function-worker.mjs):
 *   the functions answer small bodies, and none streams for long.
 */
import fs from "node:fs"
import { fileURLToPath } from "node:url"
import { Worker } from "node:worker_threads"

const FUNCTION_WORKER = new URL("function-worker.mjs", import.meta.url)
/** Instances kept per build between calls: a burst of calls leaves no more than this. */
const IDLE_PER_BUILD = 2

/** What a build of a function's file is: its size and modification time (a rebuild changes one or the other). */
function buildOf(entryFilePath) {
  const { size, mtimeMs } = fs.statSync(fileURLToPath(entryFilePath))
  return `${size}\0${mtimeMs}`
}

/** Warm instances of the functions' builds; `started()` counts the instances started, for the tests. */
export function functionInstances() {
  /**
   * By a function's build file: the build its idle instances run, and those instances, each with
   * what removes it should it stop while idle.
   */
  const idle = new Map()
  let started = 0

  /** After a call answered: kept for the next call of its build, unless enough wait. */
  function keep(entryFilePath, build, instance) {
    const kept = idle.get(entryFilePath)
    if (kept?.build !== build || kept.instances.size >= IDLE_PER_BUILD) {
      void instance.terminate()
      return
    }
    const onExit = () => kept.instances.delete(instance)
    instance.once("exit", onExit)
    instance.unref()
    kept.instances.set(instance, onExit)
  }

  /** An idle instance of the build, or a new one; an older build's idle instances are stopped. */
  function instanceFor(entryFilePath, build) {
    let kept = idle.get(entryFilePath)
    if (kept?.build !== build) {
      for (const [old, onExit] of kept?.instances ?? []) {
        old.off("exit", onExit)
        void old.terminate()
      }
      kept = { build, instances: new Map() }
      idle.set(entryFilePath, kept)
    }
    const [instance, onExit] = kept.instances.entries().next().value ?? []
    if (instance) {
      kept.instances.delete(instance)
      instance.off("exit", onExit)
      instance.ref()
      return instance
    }
    started += 1
    return new Worker(FUNCTION_WORKER, { workerData: { entryFilePath } })
  }

  /** One call on a warm instance of the build at `entryFilePath` (a file URL): its result, or its error thrown. */
  function call(entryFilePath, { clientContext, event, timeoutMs }) {
    const build = buildOf(entryFilePath)
    const instance = instanceFor(entryFilePath, build)
    return new Promise((resolve, reject) => {
      const answer = (healthy, settle, value) => {
        instance.off("message", onMessage)
        instance.off("error", onError)
        instance.off("exit", onExit)
        if (healthy) keep(entryFilePath, build, instance)
        else void instance.terminate()
        settle(value)
      }
      const onMessage = ({ result, error }) =>
        error === undefined ? answer(true, resolve, result) : answer(false, reject, error)
      const onError = (error) => answer(false, reject, error)
      const onExit = (code) => answer(false, reject, new Error(`the function's worker stopped (${code})`))
      instance.on("message", onMessage)
      instance.on("error", onError)
      instance.on("exit", onExit)
      instance.postMessage({ clientContext, event, timeoutMs, serverEnv: { ...process.env } })
    })
  }

  /** Stops every idle instance (a busy one stops once it has answered). */
  function stop() {
    for (const { instances } of idle.values()) for (const instance of instances.keys()) void instance.terminate()
    idle.clear()
  }

  return { call, stop, started: () => started }
}
