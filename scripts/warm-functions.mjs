/**
 * Warm instances of the functions for scripts/netlify-serve.mjs, as Netlify keeps a function's
 * instance warm between calls. @netlify/functions-dev starts a new worker thread for every call
 * of a function (dist/main.js: `new Worker(workerURL, { workerData })`, which imports lambda-local
 * and the function's build, runs the one call and exits): about a quarter of a second of processor
 * time per call here, most of the emulation's cost in the test suite.
 *
 * `keepFunctionsWarm()` gives functions-dev a Worker of ours (node:worker_threads' export, which
 * its ES import sees after module.syncBuiltinESMExports()). For functions-dev's own worker file it
 * hands the call to a warm instance of that build (scripts/function-worker.mjs) and answers as
 * that worker would: one "message" with the result, or one "error". Any other worker is Node's own.
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
import { EventEmitter } from "node:events"
import fs from "node:fs"
import module from "node:module"
import { fileURLToPath } from "node:url"
import workerThreads from "node:worker_threads"

const FUNCTION_WORKER = new URL("function-worker.mjs", import.meta.url)
/** Instances kept per build between calls: a burst of calls leaves no more than this. */
const IDLE_PER_BUILD = 2

/** What a build of a function's file is: its size and modification time (a rebuild changes one or the other). */
function buildOf(entryFilePath) {
  const { size, mtimeMs } = fs.statSync(fileURLToPath(entryFilePath))
  return `${size}\0${mtimeMs}`
}

/**
 * Lets functions-dev's calls of the worker file `functionsWorker` (a URL) run on warm instances.
 * Returns how many instances were started, for the tests of the emulation.
 */
export function keepFunctionsWarm(functionsWorker) {
  const NodeWorker = workerThreads.Worker
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
    return new NodeWorker(FUNCTION_WORKER, { workerData: { entryFilePath } })
  }

  /** One call on a warm instance, answered as functions-dev's one-call worker answers. */
  class WarmCall extends EventEmitter {
    constructor(workerData) {
      super()
      const { entryFilePath, ...call } = workerData
      const build = buildOf(entryFilePath)
      const instance = instanceFor(entryFilePath, build)
      const answer = (event, value, healthy) => {
        instance.off("message", onMessage)
        instance.off("error", onError)
        instance.off("exit", onExit)
        if (healthy) keep(entryFilePath, build, instance)
        else void instance.terminate()
        this.emit(event, value)
      }
      const onMessage = ({ result, error }) =>
        error === undefined ? answer("message", result, true) : answer("error", error, false)
      const onError = (error) => answer("error", error, false)
      const onExit = (code) => answer("error", new Error(`the function's worker stopped (${code})`), false)
      instance.on("message", onMessage)
      instance.on("error", onError)
      instance.on("exit", onExit)
      instance.postMessage({ ...call, serverEnv: { ...process.env } })
    }

    /** The call's instance is stopped or kept by the call itself. */
    terminate() {
      return Promise.resolve(0)
    }
  }

  const functionsWorkerHref = functionsWorker.href
  /** Node's Worker, except for functions-dev's worker file. */
  function Worker(filename, options) {
    const href = filename instanceof URL ? filename.href : String(filename)
    if (href === functionsWorkerHref) return new WarmCall(options.workerData)
    return Reflect.construct(NodeWorker, [filename, options], new.target === Worker ? NodeWorker : new.target)
  }
  Worker.prototype = NodeWorker.prototype
  workerThreads.Worker = Worker
  module.syncBuiltinESMExports()
  return { started: () => started }
}
