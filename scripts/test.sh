#!/bin/bash
# The whole test suite: unit tests (Criterion), model tests, and the
# state-for-state agreement with SPIN, on the Release build in build/;
# then the same sources built with AddressSanitizer and UBSan in
# build-asan/ (cmake -DDSPIN_SANITIZE=ON), where the model corpus,
# generated programs, the command-line checks and the unit tests run under
# the sanitizers (ctest label "sanitize"): any report fails.  Installs and
# builds first.  Exit status 0 iff both parts pass.
set -e
cd "$(dirname "$0")/.."
bash scripts/setup.sh
rc=0
(cd build && ctest --output-on-failure -j2) || rc=1

rm -rf build-asan
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Release -DDSPIN_SANITIZE=ON >/dev/null
cmake --build build-asan -j2 >/dev/null
(cd build-asan && ctest --output-on-failure -j2 -L sanitize) || rc=1
exit $rc
