#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# NX-OS "show interface" CLI text: fabcheck's parser against TextFSM with the ntc-templates
# template (../shared/peers/ntc-templates, Debian's python3-textfsm), side by side, same input:
# ntc-templates' own real show interface captures (which its template accepts), concatenated and
# repeated to ~1 MB.
#   bench/parse_vs_textfsm.sh [BUILD_DIR] [SECONDS]      target: fabcheck >= 50x TextFSM
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; secs=${2:-5}
shared=${FABCHECK_SHARED:-../shared}
template="$shared/peers/ntc-templates/cisco_nxos_show_interface.textfsm"
[ -f "$template" ] || { echo "SKIP: $template not present"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
awk -F'\t' 'NR>1 && $1 ~ /ntc-templates.*\/show_interface\/.*\.raw$/ {print $1}' "$shared/realdata/MANIFEST.tsv" |
  while read -r f; do cat "$shared/realdata/$f"; echo; done > "$t/one.txt"
while [ "$(stat -c %s "$t/input.txt" 2>/dev/null || echo 0)" -lt 1000000 ]; do cat "$t/one.txt" >> "$t/input.txt"; done
[ -x "$build/bench/bench_parse" ] || { echo "build $build/bench/bench_parse first (cmake --build $build)"; exit 1; }
ours=$("$build/bench/bench_parse" "$t/input.txt" "show interface" "$secs")
peer=$(/usr/bin/python3 bench/textfsm_parse.py "$template" "$t/input.txt" "$secs")
get() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" <<< "$1"; }
o=$(get "$ours" mb_per_s); p=$(get "$peer" mb_per_s)
ratio=$(awk -v o="$o" -v p="$p" 'BEGIN { printf "%.0f", o / p }')
echo "NX-OS show interface, $(get "$ours" bytes) bytes of real captures ($(wc -l < "$t/input.txt") lines)"
printf "  %-34s %10s MB/s   (%s)\n" "fabcheck (C, in-process)" "$o" "$ours"
printf "  %-34s %10s MB/s   (%s)\n" "TextFSM + ntc-templates (Python)" "$p" "$peer"
echo "  fabcheck / TextFSM = ${ratio}x   (target >= 50x: $( [ "$ratio" -ge 50 ] && echo met || echo NOT met))"
