#!/bin/sh
# Debian's Chromium (or $CHROMIUM_PATH) under the real-time round-robin policy at its lowest
# priority, inherited by every process it starts: the Lighthouse gate's and benchmark's browser,
# first on the processor whatever else the machine runs (scripts/lighthouse-runner.mjs).
exec chrt --rr 1 "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@"
