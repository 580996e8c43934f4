#!/usr/bin/env bash
#===- scripts/build.sh - configure and build ------------------------------===#
#
# Configures and builds proxyfence in $BUILD_DIR (default: build). Extra
# arguments go to cmake, e.g. -DPROXYFENCE_STATIC=ON.
#
#===------------------------------------------------------------------------===#
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -G Ninja \
  -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE:-Release} \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir "$@"
cmake --build "$BUILD_DIR"
