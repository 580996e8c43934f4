#!/usr/bin/env bash
#===- scripts/bench.sh - run the benchmarks (not tests) ---------------------===#
#
# Installs what is missing, builds release binaries (build-bench/: static,
# assertions off, as Debian builds the LLVM and MLIR that parse+verify+print
# runs in; the tests build with assertions on), and runs both benchmarks:
#   bench/ttgir_scale.py        synthetic TTGIR, 1k to 1M ops: the pipeline,
#                               each pass and check against
#                               parse+verify+print, peak memory; writes
#                               bench/results/ttgir_scale-STAMP.json and .png
#   bench/ptx_check_vs_ptxas.py `proxyfence check` against ptxas on the
#                               corpus PTX (needs ptxas; skipped without it);
#                               writes bench/results/ptx_check_vs_ptxas-STAMP.md
# STAMP is the run's UTC time; bench/results/ is ignored by git. Extra
# arguments go to ttgir_scale.py (e.g. --sizes 1000,10000 --runs 1, or
# --plot docs/performance.png to redraw the page's plot).
# docs/performance.md has the method and the current figures.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
BUILD_DIR=build-bench ./scripts/build.sh -DPROXYFENCE_STATIC=ON \
  -DPROXYFENCE_ENABLE_ASSERTIONS=OFF -DPROXYFENCE_BUILD_TESTS=OFF
# Debian's python3 (with python3-matplotlib from setup.sh) draws the plot.
PYTHON=/usr/bin/python3
RESULTS=bench/results
STAMP=$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$RESULTS"
"$PYTHON" bench/ttgir_scale.py --build build-bench \
  --json "$RESULTS/ttgir_scale-$STAMP.json" \
  --plot "$RESULTS/ttgir_scale-$STAMP.png" "$@"
if "$PYTHON" -c 'import sys; sys.path.insert(0, "bench"); import ptx_check_vs_ptxas as b; sys.exit(0 if b.find_ptxas() else 1)'; then
  "$PYTHON" bench/ptx_check_vs_ptxas.py --proxyfence build-bench/bin/proxyfence \
    --proxyfence build-bench/bin/proxyfence-ttgir \
    --out "$RESULTS/ptx_check_vs_ptxas-$STAMP.md"
else
  echo "bench.sh: ptxas not found; skipping bench/ptx_check_vs_ptxas.py"
fi
