#!/usr/bin/env bash
# Copies, from this machine's Debian packages, what the GPU machine (no packages, no network) needs
# to build the non-GUI targets: nlohmann/json and CLI11 headers, the Boost.Context headers the
# emulator and engine include plus libboost_context.a, and GoogleTest's source. Into .carry/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
rm -rf .carry && mkdir -p .carry/include .carry/lib
cp -r /usr/include/nlohmann /usr/include/CLI .carry/include/
cp /usr/lib/x86_64-linux-gnu/libboost_context.a .carry/lib/
# Every Boost header the emulator and the SIMT engine pull in, found by the compiler itself.
for source in app/catalog/emu/emulator.cpp app/simt/*.cpp; do
  g++ -std=c++20 -M -Ikernels -Iapp "$source"
done | tr ' \\' '\n\n' | grep '^/usr/include/boost/' |
  sort -u | while read -r header; do
    mkdir -p ".carry/include/$(dirname "${header#/usr/include/}")"
    cp "$header" ".carry/include/${header#/usr/include/}"
  done
cp -r /usr/src/googletest .carry/googletest
du -sh .carry
