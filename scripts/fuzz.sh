#!/usr/bin/env bash
#===- scripts/fuzz.sh - build and run the libFuzzer targets ---------------===#
#
# Builds the fuzz targets with clang (libFuzzer + ASan + UBSan) in
# $FUZZ_BUILD_DIR (default: build-fuzz), makes the seed corpora from the
# project's corpus and test inputs, and runs each target.
#
#   scripts/fuzz.sh [--target ttgir|ptx|all] [--time SECONDS] [--runs N]
#                   [--jobs J] [--smoke]
#
#   --time S   stop each target after S seconds (default 60)
#   --runs N   stop each target after N executions (whichever comes first)
#   --jobs J   run J fuzzing processes per target (libFuzzer -fork=J)
#   --max-len B  longest input libFuzzer makes (default 65536; the seeds
#              are cut to it)
#   --smoke    a short, reproducible run for the test suite: 4000 runs per
#              target from a fixed seed (-seed=1), whatever time it takes
#
# New inputs libFuzzer finds are kept in $FUZZ_BUILD_DIR/fuzz-corpus/TARGET
# (so a later run continues from them); crashes are written to
# $FUZZ_BUILD_DIR/artifacts/TARGET/ and make the script fail. A crash input
# goes, once understood and fixed, to fuzz/regressions/TARGET/, which the
# test suite replays.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(ttgir ptx)
TIME=60
RUNS=-1
JOBS=0
SEED=0
MAXLEN=65536
while [ $# -gt 0 ]; do
  case "$1" in
    --target) [ "$2" = all ] || TARGETS=("$2"); shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --runs) RUNS=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --max-len) MAXLEN=$2; shift 2 ;;
    --smoke) TIME=0; RUNS=4000; SEED=1; shift ;;
    -h|--help) sed -n '2,/^#=====*$/p' "$0" | sed 's/^#//; s/^ //'; exit 0 ;;
    *) echo "fuzz.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for target in "${TARGETS[@]}"; do
  case "$target" in
    ttgir|ptx) ;;
    *) echo "fuzz.sh: unknown target '$target' (ttgir, ptx, all)" >&2; exit 2 ;;
  esac
done

CLANG=/usr/lib/llvm-22/bin/clang
CLANGXX=/usr/lib/llvm-22/bin/clang++
if [ ! -x "$CLANGXX" ] || [ ! -x "$CLANG" ]; then
  echo "fuzz.sh: clang 22 not found; run scripts/setup.sh (it installs clang-22 and libclang-rt-22-dev)" >&2
  exit 2
fi

BUILD=${FUZZ_BUILD_DIR:-build-fuzz}
mkdir -p "$BUILD"
cmake -S . -B "$BUILD" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER="$CLANG" -DCMAKE_CXX_COMPILER="$CLANGXX" \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
  -DPROXYFENCE_FUZZ=ON -DPROXYFENCE_BUILD_TESTS=OFF > "$BUILD/configure.log" \
  || { cat "$BUILD/configure.log"; exit 1; }
cmake --build "$BUILD" --target $(printf 'proxyfence-fuzz-%s ' "${TARGETS[@]}")

python3 fuzz/make_seeds.py "$BUILD/seeds"

status=0
for target in "${TARGETS[@]}"; do
  corpus="$BUILD/fuzz-corpus/$target"
  artifacts="$BUILD/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  args=(-max_total_time="$TIME" -runs="$RUNS" -timeout=10 -rss_limit_mb=4096
        -max_len="$MAXLEN" -dict="fuzz/dict/$target.dict"
        -artifact_prefix="$artifacts" -print_final_stats=1 -seed="$SEED")
  [ "$JOBS" -gt 0 ] && args+=(-fork="$JOBS" -ignore_crashes=0)
  echo "fuzz.sh: $target: $([ "$TIME" -gt 0 ] && echo "${TIME}s" || echo "no time limit"), $([ "$RUNS" -ge 0 ] && echo "$RUNS runs" || echo "no run limit")"
  inputs=("$corpus" "$BUILD/seeds/$target")
  [ -d "fuzz/regressions/$target" ] && inputs+=("fuzz/regressions/$target")
  log="$BUILD/fuzz-$target.log"
  set +e
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$BUILD/bin/proxyfence-fuzz-$target" "${args[@]}" "${inputs[@]}" > "$log" 2>&1
  rc=$?
  set -e
  grep -E '^#[0-9]+ +DONE|^stat::|^==[0-9]+==ERROR|^SUMMARY|invariant broken|^Done [0-9]+ runs' "$log" || true
  if [ $rc -ne 0 ] || grep -qE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer)|invariant broken|runtime error' "$log"; then
    echo "fuzz.sh: $target FAILED (exit $rc); see $log and $artifacts" >&2
    status=1
  fi
done
exit $status
