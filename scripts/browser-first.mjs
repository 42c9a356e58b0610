/**
 * Whether a measuring browser can go first on the processor here (root, or CAP_SYS_NICE): Chromium
 * and every process it starts then run under the real-time round-robin policy at its lowest priority
 * (`chrt --rr 1`, through scripts/chromium-first.sh), so no other work on the machine takes a core
 * from it while it has something to do. The Lighthouse gate and benchmark launch their browser so
 * (scripts/lighthouse-runner.mjs); `npm test` runs the gate beside another stage only then
 * (scripts/test-all.mjs), and alone, last, where it is not allowed.
 */
import { spawnSync } from "node:child_process"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const FIRST_ON_THE_PROCESSOR = spawnSync("chrt", ["--rr", "1", "true"]).status === 0

/** scripts/chromium-first.sh: $CHROMIUM_PATH under `chrt --rr 1`. */
export const CHROMIUM_FIRST = path.join(path.dirname(fileURLToPath(import.meta.url)), "chromium-first.sh")
