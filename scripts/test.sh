#!/usr/bin/env bash
#===- scripts/test.sh - set up, build and run every test ------------------===#
#
# The README's test command, and what CI runs: installs the dependencies,
# builds, and runs lit and the unit tests through ctest.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure
