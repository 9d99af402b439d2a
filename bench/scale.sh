#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every figure of the project's performance targets in one command. Whole processes (issue 35,
# bench/whole_process.sh): start-up, each OS's largest output against TextFSM or Python's reader,
# parse output and memory. Fleet scale (issue 16): validation on generated fabrics of 100, 1,000 and 4,000
# leaves with every output a real collection stores (bench/validate_scale.sh: text, JSON, SARIF,
# CSV and HTML reports, --baseline, planted faults checked), then collection over NX-API from 200
# and 2,000 simulated switches with 50 ms per request (bench/collect_200.sh). Every figure is the
# median of five runs, printed beside its target.
#   bench/scale.sh [BUILD_DIR]     (BUILD_DIR: a Release build with the tests, default build-rel)
# Takes about an hour on 2 cores and 10 GiB of free disk for the generated fabrics (BENCH_DIR keeps
# them between runs); SIZES="100 1000" leaves the 4,000-leaf fabric out.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}
rc=0
echo "== whole process: start-up, readers against their peers, parse output (bench/whole_process.sh) =="
bash bench/whole_process.sh "$build" "1 2 3 4" || rc=1
echo "== validate: generated fabrics (bench/gen_fabric.py) =="
bash bench/validate_scale.sh "$build" "${SIZES:-100 1000 4000}" || rc=1
if [ -x "$build/tests/nxapi_sim" ]; then
  for n in 200 2000; do
    echo "== collect: $n NX-API switches =="
    bash bench/collect_200.sh "$build" "$n" 50 nxos || rc=1
  done
else
  echo "== collect: skipped: $build/tests/nxapi_sim is not built (configure $build with the tests) =="
fi
exit $rc
