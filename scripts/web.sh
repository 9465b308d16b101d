#!/usr/bin/env bash
# StrideScope in the browser: installs emscripten (and Chromium, for the page's test) where missing,
# fetches Dear ImGui's sources from Debian's source package into build-web/ (never committed, the
# system's apt sources untouched), builds build-web/ (index.html, stridescope.js/.wasm/.data) and
# serves it on http://localhost:8000/. With --build: only builds.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-web

packages=(emscripten chromium chromium-driver fonts-dejavu-core libboost-dev nlohmann-json3-dev
          libcli11-dev libstb-dev cmake ninja-build)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  as_root=()
  [ "$(id -u)" -ne 0 ] && as_root=(sudo)
  echo "StrideScope: installing missing packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Dear ImGui 1.86 (the version of the desktop's libimgui-dev) from Debian's source package, into a
# folder of the build: an apt configuration of its own (a deb-src entry, its own lists).
imgui_dir="$build/imgui-source"
if [ ! -f "$imgui_dir/imgui.cpp" ]; then
  apt_dir="$PWD/$build/apt"
  mkdir -p "$apt_dir/parts" "$apt_dir/lists/partial" "$apt_dir/download"
  . /etc/os-release
  echo "deb-src http://deb.debian.org/debian ${VERSION_CODENAME:-bookworm} main" > "$apt_dir/parts/source.list"
  # Lists and caches in the build folder: no root needed, the system's apt state untouched.
  mkdir -p "$apt_dir/cache/archives/partial"
  apt_options=(-o "Dir::Etc::SourceParts=$apt_dir/parts" -o Dir::Etc::SourceList=/dev/null
               -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
               -o Debug::NoLocking=1)
  [ "$(id -u)" -eq 0 ] && apt_options+=(-o APT::Sandbox::User=root)
  apt-get "${apt_options[@]}" update -qq
  version=$(dpkg-query -W -f='${source:Version}' libimgui-dev 2>/dev/null || true)
  (cd "$apt_dir/download" && apt-get "${apt_options[@]}" source --download-only -qq \
     "imgui${version:+=$version}")
  rm -rf "$imgui_dir" && mkdir -p "$imgui_dir"
  tar -xf "$apt_dir"/download/imgui_*.orig.tar.* -C "$imgui_dir" --strip-components=1
fi

# emcc looks for acorn through NODE_PATH where node is not Debian's own.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
emcmake cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DSTRIDESCOPE_IMGUI_SOURCE_DIR="$PWD/$imgui_dir" >/dev/null
cmake --build "$build" -j"$(nproc)"
ls -l "$build"/index.html "$build"/stridescope.{js,wasm,data}

if [ "${1:-}" != "--build" ]; then
  echo "StrideScope: serving http://localhost:8000/ (Ctrl+C stops)"
  cd "$build" && exec python3 -m http.server 8000 --bind 127.0.0.1
fi
