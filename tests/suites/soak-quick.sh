#!/bin/bash
# soak-quick.sh — `make soak` (bench/soak.sh) in short: 20,000 mixed
# requests through lighttpd with the contrib/ config after a warm-up of
# 4,000 (SOAK_QUICK_REQUESTS), with the same checks: no request fails, no
# responder is replaced, memory and descriptors flat after the warm-up
# (<= 5 % summed over the responders; each process <= 10 % here, a short
# run's noise). The long run and its figures: bench/README.md "The soak".
: "${KIT_TOP_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
export KIT_TOP_SRCDIR
SOAK_REQUESTS=${SOAK_QUICK_REQUESTS:-20000} SOAK_WARMUP=4000 SOAK_PROCESS_GROWTH_PCT=10 \
	exec "$KIT_TOP_SRCDIR/bench/soak.sh"
