#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck probe on a recorded host with 8 NICs and 4 RDMA devices of 256 GIDs each
# (tests/fixtures/mlx5host.py): mean wall time over RUNS probes and peak memory; then the same for
# `fabcheck probe --check` against a fabric intent (the node health check: probe, rules, verdict).
#   bench/probe_host.sh [BUILD_DIR] [RUNS]          target: < 50 ms, < 20 MiB (both)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; runs=${2:-20}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
/usr/bin/python3 tests/fixtures/mlx5host.py "$t/host" --nics 8 --rdma 4 --gids 256
gids=$(find "$t/host/sys/class/infiniband" -path "*/gids/*" | wc -l)
"$build/fabcheck" probe --root "$t/host" --out "$t/warm.json"   # warm the page cache
start=$(date +%s%N)
for i in $(seq "$runs"); do "$build/fabcheck" probe --root "$t/host" --out "$t/p.json"; done
end=$(date +%s%N)
/usr/bin/time -f "%M" -o "$t/rss" "$build/fabcheck" probe --root "$t/host" --out "$t/p.json"
ms=$(awk -v s="$start" -v e="$end" -v r="$runs" 'BEGIN { printf "%.1f", (e - s) / 1e6 / r }')
mib=$(awk -v k="$(tail -n 1 "$t/rss")" 'BEGIN { printf "%.1f", k / 1024 }')
echo "fabcheck probe, recorded host: 8 NICs, 4 RDMA devices, $gids GID slots ($(stat -c %s "$t/p.json") bytes of JSON out)"
printf "  %-28s %8s ms   (mean of %s runs, process start included; target < 50 ms: %s)\n" "wall time per probe" "$ms" \
  "$runs" "$(awk -v m="$ms" 'BEGIN { print (m < 50 ? "met" : "NOT met") }')"
printf "  %-28s %8s MiB  (target < 20 MiB: %s)\n" "peak memory (max RSS)" "$mib" \
  "$(awk -v m="$mib" 'BEGIN { print (m < 20 ? "met" : "NOT met") }')"

# the node health check: the same probe, judged against the fabric's intent
printf 'version: 1\nfabric: {name: f, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}\n' > "$t/intent.yaml"
"$build/fabcheck" probe --check --intent "$t/intent.yaml" --root "$t/host" > /dev/null || true
start=$(date +%s%N)
for i in $(seq "$runs"); do "$build/fabcheck" probe --check --intent "$t/intent.yaml" --root "$t/host" > /dev/null || true; done
end=$(date +%s%N)
/usr/bin/time -f "%M" -o "$t/rss" "$build/fabcheck" probe --check --intent "$t/intent.yaml" --root "$t/host" > /dev/null || true
ms=$(awk -v s="$start" -v e="$end" -v r="$runs" 'BEGIN { printf "%.1f", (e - s) / 1e6 / r }')
mib=$(awk -v k="$(tail -n 1 "$t/rss")" 'BEGIN { printf "%.1f", k / 1024 }')
echo "fabcheck probe --check (the same host, against a fabric intent)"
printf "  %-28s %8s ms   (mean of %s runs, process start included; target < 50 ms: %s)\n" "wall time per check" "$ms" \
  "$runs" "$(awk -v m="$ms" 'BEGIN { print (m < 50 ? "met" : "NOT met") }')"
printf "  %-28s %8s MiB  (target < 20 MiB: %s)\n" "peak memory (max RSS)" "$mib" \
  "$(awk -v m="$mib" 'BEGIN { print (m < 20 ? "met" : "NOT met") }')"
"$build/fabcheck" version > /dev/null
start=$(date +%s%N)
for i in $(seq "$runs"); do "$build/fabcheck" version > /dev/null; done
end=$(date +%s%N)
printf "  %-28s %8s ms   (the process alone: loading its shared libraries)\n" "fabcheck version" \
  "$(awk -v s="$start" -v e="$end" -v r="$runs" 'BEGIN { printf "%.1f", (e - s) / 1e6 / r }')"
