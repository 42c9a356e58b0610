#!/bin/sh
# The Chromium of $CHROMIUM_PATH (set by scripts/lighthouse-runner.mjs, from scripts/browser.cjs)
# under the real-time round-robin policy at its lowest priority, inherited by every process it
# starts: the Lighthouse gate's and benchmark's browser, first on the processor whatever else the
# machine runs.
exec chrt --rr 1 "${CHROMIUM_PATH:?is set by scripts/lighthouse-runner.mjs}" "$@"
