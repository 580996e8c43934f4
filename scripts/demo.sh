#!/usr/bin/env bash
#===- scripts/demo.sh - set up, build, and run on a real Triton kernel -----===#
#
# The README's first command: installs the dependencies, builds, and runs
# proxyfence-opt on a warp-specialized persistent GEMM that Triton 3.6
# compiled for sm_90 (corpus/sm90/gemm_tma_ws/final.ttgir): it checks that
# the IR parses and verifies, prints the proxy role of every shared-memory
# access, and lists the proxy fences Triton placed.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh > /dev/null
BUILD_DIR=${BUILD_DIR:-build}
OPT="$BUILD_DIR/bin/proxyfence-opt"
KERNEL=${1:-corpus/sm90/gemm_tma_ws/final.ttgir}

echo "== $KERNEL: parse, verify, print back"
"$OPT" "$KERNEL" -o /dev/null && echo "ok"
echo
echo "== proxy role of each shared-memory access (op kinds, counted)"
"$OPT" --test-print-proxy-accesses "$KERNEL" -o /dev/null | sed 's/ effects=.*//' | sort | uniq -c
echo
echo "== proxy fences in the kernel, with their source lines"
"$OPT" --mlir-print-debuginfo --mlir-pretty-debuginfo "$KERNEL" | grep -n 'fence_async_shared' || echo "(none)"
