#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages StrideScope builds with, if any are missing (no source downloads).
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  libboost-context-dev nlohmann-json3-dev libcli11-dev
  libglfw3-dev libimgui-dev libstb-dev python3-glad libgl-dev libgl1-mesa-dri fonts-dejavu-core
  libgif-dev
  libgtest-dev xvfb xauth
  clang-14 llvm-14 libclang-14-dev  # `stridescope run FILE.cu`: libclang reads the user's CUDA
  # file, clang-14 compiles it, llvm-symbolizer-14 maps addresses to lines
  libclang-rt-14-dev  # libFuzzer's runtime for CI's fuzz step (scripts/fuzz-ci.sh); clang-14 only
  # recommends it, and recommended packages are not installed below
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "StrideScope: installing missing packages: ${missing[*]}"
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
