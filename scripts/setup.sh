#!/bin/bash
# Installs what dspin needs to build and test (Debian 12, as root), then
# builds it from scratch in build/.
set -e
cd "$(dirname "$0")/.."
need=""
# libbdd-dev: BuDDy, for the symbolic search (issue 39; search/sym/)
for p in cmake gcc make cpp libgc-dev libcriterion-dev libxxhash-dev libopenmpi-dev openmpi-bin libbdd-dev spin chromium graphviz; do
  dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
if [ -n "$need" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq $need >/dev/null
fi
rm -rf build
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 >/dev/null
