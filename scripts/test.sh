#!/usr/bin/env bash
#===- scripts/test.sh - set up, build and run every test ------------------===#
#
# The README's test command, and what CI runs: installs the dependencies,
# builds, runs lit and the unit tests through ctest, then a short smoke run
# of each libFuzzer target (scripts/fuzz.sh --smoke; FUZZ_SMOKE=0 skips it).
#
#===------------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure
if [ "${FUZZ_SMOKE:-1}" != 0 ]; then
  ./scripts/fuzz.sh --smoke
fi
