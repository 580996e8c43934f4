#!/usr/bin/env bash
#===- scripts/setup.sh - install build dependencies (idempotent) ----------===#
#
# Installs, with apt-get, every Debian package proxyfence needs to build and
# test, and nothing that is already installed. Uses sudo only when not root.
#
#===------------------------------------------------------------------------===#
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ python3
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev
  zlib1g-dev libzstd-dev
  python3-jsonschema graphviz
  clang-22 libclang-rt-22-dev
  python3-matplotlib
  python3-pytest python3-venv python3-pip python3-setuptools python3-wheel
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages already installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
echo "setup: installing ${missing[*]}"
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
