#!/bin/bash
# The whole test suite: unit tests (Criterion), model tests, and the
# state-for-state agreement with SPIN. Installs and builds first.
set -e
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cd build
ctest --output-on-failure -j2
