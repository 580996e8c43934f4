#!/usr/bin/env bash
#===- scripts/demo.sh - set up, build, and run on a real Triton kernel -----===#
#
# The README's first command. Installs the dependencies, builds, then:
#  1. runs the whole fence pipeline (TMA lowering, fence insertion,
#     shared-memory allocation, proxy-fence insertion) on the IR Triton 3.6
#     had before its own fence passes, for a TMA kernel
#     (corpus/sm90/tma_add/before.tma-lowering.mlir), and shows each fence
#     it inserts, why, and where in the kernel's source;
#  2. checks a copy of Triton's output with one fence deleted
#     (examples/kernels/tma_add_missing_fence.mlir), fixes it, re-checks.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh > /dev/null
BIN=${BUILD_DIR:-build}/bin
KERNEL=${1:-corpus/sm90/tma_add/before.tma-lowering.mlir}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

echo "== 1. the fence pipeline on $KERNEL"
"$BIN/proxyfence-opt" --proxyfence-fence-pipeline=remarks=true "$KERNEL" \
  -o "$OUT/fenced.mlir"
echo
echo "-- the fences in the result (line in the output IR), each with the op after it:"
grep -n -A1 --no-group-separator 'ttng.fence_async_shared' "$OUT/fenced.mlir" |
  sed 's/^\([0-9]*\)[:-] */  \1: /' | cut -c1-110
echo
echo "== 2. proxyfence check on a kernel with a missing fence"
"$BIN/proxyfence" check examples/kernels/tma_add_missing_fence.mlir || true
echo
echo "-- proxyfence fix, then check again"
"$BIN/proxyfence" fix examples/kernels/tma_add_missing_fence.mlir -o "$OUT/fixed.mlir"
"$BIN/proxyfence" check "$OUT/fixed.mlir"
