#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What users pay for the whole process (issue 35), every figure beside its target, in one run:
#   1. start-up: `fabcheck version` against `ls --version`                       target <= 1.5x
#   2. CLI text readers, whole process, against TextFSM (Debian's python3-textfsm) on the same
#      input: NX-OS `show interface` with ntc-templates' template, 1 MB and 31 MB of ntc-templates'
#      own captures repeated; Arista EOS `show interfaces` likewise, 1 MB and 30 MB; SONiC `show
#      queue counters` (its largest state output: eight lines a port), 30 MB generated, against a
#      template written here (bench/peers/: ntc-templates has no SONiC one)     target >= 50x
#   3. structured state replies of the OSes added this round, whole process, against the Python
#      reader their users script (no TextFSM template reads XML or JSON): Junos `show interfaces
#      extensive | display xml` with xml.etree (PyEZ reads the same tree with lxml), NVIDIA NVUE
#      `nv show interface -o json` with json; 30 MB each (bench/gen_real_rows.py)  target >= 50x
#   For 2 and 3, fabcheck's peak memory against twice the input plus a constant: its peak on one
#   capture of the same output (the process, its libraries, the empty model) target <= 2x + C
#   4. `fabcheck parse` (the model as JSON) of large replies: its output against its input, and
#      its peak memory against three times the input plus the same constant     target <= 5x, 3x + C
#   5. `validate --baseline` at 1,000 leaves against the text run (bench/validate_scale.sh): time
#      and peak memory                                                          target <= 1.3x
# Every figure: the median of five runs (after one not counted), wall, user and system seconds
# and peak memory as the kernel accounts them (bench/wholetime.c).
#   bench/whole_process.sh [BUILD_DIR] [PARTS]   BUILD_DIR: a Release build (default build-rel);
#   PARTS: which of 1..5 (default "1 2 3 4 5"; 5 takes ten minutes and 2 GB of disk)
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-rel}; parts=${2:-"1 2 3 4 5"}
F=$build/fabcheck
shared=${FABCHECK_SHARED:-../shared}
PY=/usr/bin/python3
RUNS=${RUNS:-5}
[ -x "$F" ] && [ -x "$build/bench/wholetime" ] || { echo "build first: cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release && cmake --build $build"; exit 2; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
exec > >(tee "$t/all.out")   # every figure is also counted at the end

# measure CMD...: "wall user sys peak_KiB", each the median of RUNS runs after one not counted
# (bench/wholetime.c: fork, exec and wait4's accounting, at microseconds)
measure() { "$build/bench/wholetime" "$RUNS" "$@" || echo "0 0 0 0"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
verdict() { if awk "BEGIN { exit !($1) }"; then echo met; else echo "NOT met"; fi; }
header() {
  printf "%-44s %7s %6s %6s %8s | %-26s %8s %7s %-9s %s\n" "$1" "wall s" "user" "sys" "peak MiB" "peer" "wall s" "ratio" target ""
}

textfsm_peer() { cat > "$t/peer_textfsm.py" <<'PY'
import sys
import textfsm
with open(sys.argv[1]) as f:
    fsm = textfsm.TextFSM(f)
print(len(fsm.ParseText(open(sys.argv[2]).read())))
PY
}
textfsm_peer
cat > "$t/peer_etree.py" <<'PY'
# what a PyEZ-style script does with the reply: the tree, then each physical interface's fields
import sys
import xml.etree.ElementTree as ET
ns = "{http://xml.juniper.net/junos/21.4R0/junos-interface}"
root = ET.parse(sys.argv[1]).getroot()
n = 0
for p in root.iter(ns + "physical-interface"):
    row = {k: p.findtext(ns + k) for k in ("name", "admin-status", "oper-status", "mtu", "speed", "link-mode",
                                            "current-physical-address", "description")}
    n += 1
print(n)
PY
cat > "$t/peer_json.py" <<'PY'
# what a script does with nv show interface -o json: the document, then each port's fields
import json, sys
d = json.load(open(sys.argv[1]))
n = 0
for name, v in d.items():
    link = v.get("link", {})
    row = (name, link.get("speed"), link.get("mtu"), link.get("fec"), link.get("state"), link.get("stats"))
    n += 1
print(n)
PY

# one reader against its peer: label, input, constant input, peer command..., --, fabcheck args...
C_KIB=0
reader_row() {
  local label=$1 in=$2 small=$3; shift 3
  local peer=() fab=()
  while [ "$1" != -- ]; do peer+=("$1"); shift; done; shift; fab=("$@")
  local size o p c w u s k pw ratio cap
  size=$(stat -c %s "$in")
  read -r w u s k <<< "$(measure "$F" parse "${fab[@]}" "$in")"
  read -r pw _ _ _ <<< "$(measure "${peer[@]}" "$in")"
  read -r _ _ _ c <<< "$(measure "$F" parse "${fab[@]}" "$small")"
  ratio=$(awk -v a="$pw" -v b="$w" 'BEGIN { printf "%.0f", (b > 0 ? a / b : 0) }')
  cap=$(awk -v s="$size" -v c="$c" 'BEGIN { printf "%.0f", 2 * s / 1024 + c }')
  printf "%-44s %7s %6s %6s %8s | %-26s %8s %6sx >=50x      %s\n" "$label ($(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }'))" \
    "$w" "$u" "$s" "$(mib "$k")" "${peer_name}" "$pw" "$ratio" "$(verdict "$ratio >= 50")"
  printf "%-44s %7s %6s %6s %8s | %-26s %8s %7s <=2x+C     %s\n" "  memory: peak vs 2 x input + C (C $(mib "$c") MiB)" "" "" "" \
    "$(mib "$k")" "cap" "$(mib "$cap")" "" "$(verdict "$k <= $cap")"
}

# inputs ---------------------------------------------------------------------------------------------
have_shared=true
[ -f "$shared/realdata/MANIFEST.tsv" ] || { have_shared=false; echo "SKIP (parts 2-4): $shared/realdata not present"; }
build_text() {   # pattern, out prefix: the captures concatenated, then repeated to 1 MB and 30 MB
  awk -F'\t' -v pat="$1" 'NR > 1 && $1 ~ pat { print $1 }' "$shared/realdata/MANIFEST.tsv" |
    while read -r f; do cat "$shared/realdata/$f"; echo; done > "$t/$2.one"
  : > "$t/$2.1"
  while [ "$(stat -c %s "$t/$2.1")" -lt 1000000 ]; do cat "$t/$2.one" >> "$t/$2.1"; done
  for i in $(seq 30); do cat "$t/$2.1"; done > "$t/$2.30"
}

if [[ " $parts " == *" 1 "* ]]; then
  echo "== 1. start-up =="
  read -r w u s k <<< "$(measure "$F" version)"
  read -r lw _ _ _ <<< "$(measure ls --version)"
  x=$(awk -v a="$w" -v b="$lw" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  header "command"
  printf "%-44s %7s %6s %6s %8s | %-26s %8s %6sx <=1.5x     %s\n" "fabcheck version" "$w" "$u" "$s" "$(mib "$k")" \
    "ls --version" "$lw" "$x" "$(verdict "$x <= 1.5")"
  echo "  (wall times this short are the process's start: /bin/true takes $(measure /bin/true | cut -d' ' -f1) s here)"
fi

if [[ " $parts " == *" 2 "* ]] && $have_shared; then
  echo "== 2. CLI text readers against TextFSM, whole process =="
  header "reader (input)"
  build_text 'ntc-templates.*/show_interface/.*\.raw$' nx
  build_text 'ntc-templates.*arista_eos/show_interfaces/.*\.raw$' eos
  for x in "nx|NX-OS show interface|cisco_nxos_show_interface.textfsm|nxos|show interface" \
           "eos|EOS show interfaces|arista_eos_show_interfaces.textfsm|eos|show interfaces"; do
    IFS='|' read -r key label tpl plat cmd <<< "$x"
    peer_name="TextFSM, ntc-templates"
    for size in 1 30; do
      reader_row "$label" "$t/$key.$size" "$t/$key.one" $PY "$t/peer_textfsm.py" "$shared/peers/ntc-templates/$tpl" -- \
        --platform "$plat" --command "$cmd" --encoding text
    done
  done
  "$build/bench/parse_scale" --write "$t/sq.30" "sonic: show queue counters" text 30
  head -c 20000 "$t/sq.30" | head -n -1 > "$t/sq.one"
  peer_name="TextFSM, bench/peers"
  reader_row "SONiC show queue counters" "$t/sq.30" "$t/sq.one" $PY "$t/peer_textfsm.py" \
    bench/peers/sonic_show_queue_counters.textfsm -- --platform sonic --command "show queue counters" --encoding text
fi

if [[ " $parts " == *" 3 "* ]] && $have_shared; then
  echo "== 3. structured state replies against Python's readers, whole process =="
  header "reader (input)"
  $PY bench/gen_real_rows.py "$shared" junos "$t/junos.30" 30 > /dev/null
  $PY bench/gen_real_rows.py "$shared" junos "$t/junos.one" 0.02 > /dev/null
  peer_name="python3 xml.etree"
  reader_row "Junos show interfaces extensive (XML)" "$t/junos.30" "$t/junos.one" $PY "$t/peer_etree.py" -- \
    --platform junos --command "show interfaces extensive | display xml" --encoding text
  $PY bench/gen_real_rows.py "$shared" nvue "$t/nvue.30" 30 > /dev/null
  $PY bench/gen_real_rows.py "$shared" nvue "$t/nvue.one" 0.02 > /dev/null
  peer_name="python3 json"
  reader_row "NVUE nv show interface (JSON)" "$t/nvue.30" "$t/nvue.one" $PY "$t/peer_json.py" -- \
    --platform nvue --command "nv show interface" --encoding json
fi

if [[ " $parts " == *" 4 "* ]] && $have_shared; then
  echo "== 4. fabcheck parse: the model as JSON =="
  printf "%-44s %7s %6s %6s %8s | %10s %7s %-8s %-9s| %9s %-9s %s\n" "input" "wall s" "user" "sys" "peak MiB" "out MB" "x in" "<=5x" "" \
    "cap MiB" "<=3x+C" ""
  $PY bench/gen_real_rows.py "$shared" nxapi "$t/nxj.33" 33 > /dev/null
  $PY bench/gen_real_rows.py "$shared" nxapi "$t/nxj.one" 0.02 > /dev/null
  $PY bench/gen_real_rows.py "$shared" eos "$t/eosj.30" 30 > /dev/null
  $PY bench/gen_real_rows.py "$shared" eos "$t/eosj.one" 0.02 > /dev/null
  "$build/bench/parse_scale" --write "$t/eoscfg.1" "eos: show running-config" text 1
  head -c 20000 "$t/eoscfg.1" | head -n -1 > "$t/eoscfg.one"
  [ -f "$t/nx.30" ] || build_text 'ntc-templates.*/show_interface/.*\.raw$' nx
  for x in "nxj.33|NX-OS show interface (JSON)|nxos|show interface|json" \
           "eosj.30|EOS show interfaces (JSON)|eos|show interfaces|json" \
           "nx.30|NX-OS show interface (text)|nxos|show interface|text" \
           "eoscfg.1|EOS running-config, a profile a port|eos|show running-config|text"; do
    IFS='|' read -r key label plat cmd enc <<< "$x"
    small=$t/${key%.*}.one
    size=$(stat -c %s "$t/$key")
    read -r w u s k <<< "$(measure "$F" parse --platform "$plat" --command "$cmd" --encoding "$enc" "$t/$key")"
    read -r _ _ _ c <<< "$(measure "$F" parse --platform "$plat" --command "$cmd" --encoding "$enc" "$small")"
    out=$("$F" parse --platform "$plat" --command "$cmd" --encoding "$enc" "$t/$key" | wc -c)
    xo=$(awk -v o="$out" -v s="$size" 'BEGIN { printf "%.2f", o / s }')
    cap=$(awk -v s="$size" -v c="$c" 'BEGIN { printf "%.0f", 3 * s / 1024 + c }')
    printf "%-44s %7s %6s %6s %8s | %10s %6sx %-8s %-9s| %9s %-9s %s\n" "$label ($(awk -v s="$size" 'BEGIN { printf "%.1f MB", s / 1e6 }'))" \
      "$w" "$u" "$s" "$(mib "$k")" "$(awk -v o="$out" 'BEGIN { printf "%.1f", o / 1e6 }')" "$xo" "" "$(verdict "$xo <= 5")" \
      "$(mib "$cap")" "" "$(verdict "$k <= $cap")"
  done
fi

if [[ " $parts " == *" 5 "* ]]; then
  echo "== 5. validate --baseline at 1,000 leaves (bench/validate_scale.sh) =="
  FORMATS="text baseline" bash bench/validate_scale.sh "$build" 1000 | sed 's/  NO\b/  NOT met/'
fi
notmet=$(grep -c "NOT met" "$t/all.out")
echo "figures not met: $notmet"
[ "$notmet" -eq 0 ]
