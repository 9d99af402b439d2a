#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every parser linear in its input: generated NX-OS show interface (JSON and text), running-configs
# of interfaces, ACLs and QoS maps, LLDP neighbours, transceiver details, status tables and host
# documents of about 1, 10 and 100 MB, each parsed and finalised as validate does; prints the time
# per MB and its growth per 10x (target: at most 1.30x beyond the first step), and peak memory.
#   bench/parse_scale.sh [BUILD_DIR] [MAX_MB]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}; max=${2:-100}
[ -x "$build/bench/parse_scale" ] || { echo "build first: cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release && cmake --build $build"; exit 2; }
/usr/bin/time -f "peak memory %M KiB, %e s in all" "$build/bench/parse_scale" "$max"
