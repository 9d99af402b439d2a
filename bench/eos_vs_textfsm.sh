#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Arista EOS "show interfaces" CLI text: fabcheck's reader against TextFSM with the ntc-templates
# template (arista_eos_show_interfaces.textfsm, looked for in ../shared/peers/ntc-templates, with
# Debian's python3-textfsm), side by side on the same input: ntc-templates' own EOS captures
# (which its template accepts), concatenated and repeated to ~1 MB.
#   bench/eos_vs_textfsm.sh [BUILD_DIR] [SECONDS]          target: fabcheck >= 50x TextFSM
# Two figures each: whole processes (fabcheck parse vs python3 + textfsm, start-up included: what a
# user waits for), median of 5 runs; and the parse alone, in-process, repeated for SECONDS.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; secs=${2:-5}
shared=${FABCHECK_SHARED:-../shared}
[ -d "$shared/realdata" ] || { echo "SKIP: $shared/realdata not present"; exit 77; }
template="$shared/peers/ntc-templates/arista_eos_show_interfaces.textfsm"
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
awk -F'\t' 'NR>1 && $1 ~ /ntc-templates.*arista_eos\/show_interfaces\/.*\.raw$/ {print $1}' "$shared/realdata/MANIFEST.tsv" |
  while read -r f; do cat "$shared/realdata/$f"; echo; done > "$t/one.txt"
while [ "$(stat -c %s "$t/input.txt" 2>/dev/null || echo 0)" -lt 1000000 ]; do cat "$t/one.txt" >> "$t/input.txt"; done
[ -x "$build/bench/bench_parse" ] || { echo "build $build/bench/bench_parse first (cmake --build $build)"; exit 1; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
whole() {   # seconds for one whole process, median of 5
  for i in 1 2 3 4 5; do
    s=$(date +%s.%N); "$@" > /dev/null; e=$(date +%s.%N)
    awk -v s="$s" -v e="$e" 'BEGIN { printf "%.4f\n", e - s }'
  done | median
}
get() { sed -n "s/.*$2=\([0-9.]*\).*/\1/p" <<< "$1"; }
bytes=$(stat -c %s "$t/input.txt")
ours=$("$build/bench/bench_parse" "$t/input.txt" "show interfaces" "$secs" eos text)
ow=$(whole "$build/fabcheck" parse --platform eos --command "show interfaces" --encoding text "$t/input.txt")
nif=$("$build/fabcheck" parse --platform eos --command "show interfaces" --encoding text "$t/input.txt" |
      /usr/bin/python3 -c 'import json,sys; print(len(json.load(sys.stdin)["interfaces"]))')
echo "EOS show interfaces (CLI text), $bytes bytes of ntc-templates' real captures ($(wc -l < "$t/input.txt") lines, $nif fabric ports)"
printf "  %-40s %8.3f s    (median of 5)\n" "fabcheck parse, whole process" "$ow"
printf "  %-40s %8s MB/s (%s)\n" "fabcheck reader, in-process" "$(get "$ours" mb_per_s)" "$ours"
peer_name="TextFSM + ntc-templates"
if [ ! -f "$template" ]; then
  # ntc-templates' EOS template is not among the shared peers (only its NX-OS ones are): a template
  # written here (bench/peers/eos_show_interfaces.textfsm) stands in, capturing ntc's 12 fields and
  # the 3 counters fabcheck reads, one record per interface of the same captures
  echo "  ($template is not among the shared peers: TextFSM runs bench/peers/eos_show_interfaces.textfsm,"
  echo "   written here with ntc's fields; the figure is a stand-in for the ntc template's)"
  template=bench/peers/eos_show_interfaces.textfsm
  peer_name="TextFSM + stand-in template"
fi
cat > "$t/peer.py" <<'PY'
import sys
import textfsm
with open(sys.argv[1]) as f:
    fsm = textfsm.TextFSM(f)
print(len(fsm.ParseText(open(sys.argv[2]).read())))
PY
pw=$(whole /usr/bin/python3 "$t/peer.py" "$template" "$t/input.txt")
peer=$(/usr/bin/python3 bench/textfsm_parse.py "$template" "$t/input.txt" "$secs")
printf "  %-40s %8.3f s    (median of 5)\n" "$peer_name, whole process" "$pw"
printf "  %-40s %8s MB/s (%s)\n" "$peer_name, in-process" "$(get "$peer" mb_per_s)" "$peer"
r1=$(awk -v o="$ow" -v p="$pw" 'BEGIN { printf "%.0f", p / o }')
r2=$(awk -v o="$(get "$ours" mb_per_s)" -v p="$(get "$peer" mb_per_s)" 'BEGIN { printf "%.0f", o / p }')
echo "  fabcheck / TextFSM: whole processes ${r1}x (target >= 50x: $( [ "$r1" -ge 50 ] && echo met || echo NOT met)), parse alone ${r2}x"
