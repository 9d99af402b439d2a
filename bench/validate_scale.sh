#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fabcheck validate on synthetic fabrics (bench/gen_fabric.py): 100, 300 and 1,000 NX-OS leaves
# of 64 ports with 16 hosts each (8 NICs x 8 GIDs per host); one leaf in three classifies and
# buffers per port (Cisco's AI/ML design, on an interface range), so that the QoS path resolver
# runs both precedence paths. Prints wall time, peak memory and
# findings per size, and how the time grows with the input; and the JSON, SARIF, CSV and HTML
# reports beside the text one: time, size, and time as a multiple of the text report's.
#   bench/validate_scale.sh [BUILD_DIR] [SIZES]      target: 1,000 switches < 10 s, < 2 GiB;
#                                                     10x the input <= 12x the time;
#                                                     JSON, SARIF, CSV, HTML <= 1.5x the text
#                                                     time; HTML < 50 MB; --baseline <= 1.8x
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}; sizes=${2:-"100 300 1000"}
t=${BENCH_DIR:-$(mktemp -d)}; [ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$t"' EXIT
printf "%-9s %-7s %-8s %-9s %8s %7s %7s %9s %9s %10s %7s   %s\n" switches hosts links findings "wall s" "user s" "sys s" "peak MiB" "input MB" "report MB" "x text" "format (report lines)"
declare -A wall
for n in $sizes; do
  d="$t/fabric-$n"
  [ -f "$d/manifest.json" ] || /usr/bin/python3 bench/gen_fabric.py "$d" --switches "$n" > /dev/null
  mb=$(du -smL "$d" | cut -f1)
  for fmt in ${FORMATS:-text json sarif csv html baseline}; do
    # baseline: the text report with --baseline, the same snapshot as the earlier one (two
    # snapshots loaded, the counter rules judging the pair)   target: <= 1.8x a single snapshot
    args=(--format "$fmt"); [ "$fmt" = baseline ] && args=(--format text --baseline "$d")
    # the median of five runs: on this VM the kernel's time to hand out fresh pages (sys) varies
    # from run to run by a second or more at 1,000 switches
    for r in 1 2 3 4 5; do
      /usr/bin/time -f "%e %M %U %S" -o "$t/time.$r" "$build/fabcheck" validate "$d" "${args[@]}" > "$t/out" || true
    done
    read -r s kb us ss < <(sort -n "$t"/time.[1-5] | sed -n 3p)
    if [ "$fmt" = text ]; then
      lines=$(wc -l < "$t/out")   # the text report for people: what needs attention, folded
      findings=$(grep '^Summary:' "$t/out" | /usr/bin/python3 -c 'import re, sys
print(sum(int(x) for x in re.findall(r"(\d+) (?:failing|unknown|passing|warning\(s\)|waived)", sys.stdin.read())))')
    fi
    [ "$fmt" = text ] && wall[$n]=$s
    size=$(stat -c %s "$t/out")
    printf "%-9s %-7s %-8s %-9s %8s %7s %7s %9s %9s %10s %7s   %s\n" "$n" $((n * 16)) $((n * 64)) "$findings" "$s" "$us" "$ss" \
      $((kb / 1024)) "$mb" "$(awk -v b="$size" 'BEGIN { printf "%.2f", b / 1048576 }')" \
      "$(awk -v a="$s" -v b="${wall[$n]}" 'BEGIN { printf "%.2f", a / b }')" "$fmt$([ "$fmt" = text ] && echo " ($lines)")"
  done
done
if [ -n "${wall[100]:-}" ] && [ -n "${wall[1000]:-}" ]; then
  awk -v a="${wall[100]}" -v b="${wall[1000]}" 'BEGIN { printf "10x the input (100 -> 1000 switches): %.1fx the time (target <= 12x)\n", b / a }'
fi
