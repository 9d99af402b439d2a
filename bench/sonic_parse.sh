#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A 64-port SONiC config_db.json (bench/gen_sonic.py, 2,000+ objects) read as a snapshot's file is:
# parsed, its ports derived and their QoS paths resolved, in-process, repeated for 3 s.
#   bench/sonic_parse.sh [BUILD_DIR]        target: < 5 ms per config_db.json
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
/usr/bin/python3 bench/gen_sonic.py "$t/config_db.json" 64
out=$("$build/bench/bench_parse" "$t/config_db.json" "show runningconfiguration all" 3 sonic json)
echo "$out"
echo "$out" | awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } }
  END { printf "64-port config_db.json (%.0f KB, %d ports): %.2f ms per parse (target < 5 ms)\n", v["bytes"] / 1024, v["interfaces"], v["ms_per_parse"] }'
