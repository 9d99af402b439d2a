#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every harness for FUZZ_SECONDS (default 30) on a corpus seeded from the project's fixtures
# and, when present, ../shared/realdata (copied to a temporary folder, never into the project).
set -euo pipefail
build=${1:-build-fuzz}
secs=${FUZZ_SECONDS:-30}
shared=${FABCHECK_SHARED:-../shared}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
seed() { # harness, glob of project files, grep pattern for realdata descriptions
  local h=$1 pat=$2 rd=$3
  mkdir -p "$work/$h"
  for f in $pat; do [ -f "$f" ] && cp "$f" "$work/$h/$(echo "$f" | tr / _)"; done
  if [ -f "$shared/realdata/MANIFEST.tsv" ] && [ -n "$rd" ]; then
    awk -F'\t' -v p="$rd" 'NR>1 && $6 ~ p {print $1}' "$shared/realdata/MANIFEST.tsv" | head -200 |
      while read -r f; do cp "$shared/realdata/$f" "$work/$h/rd_$(echo "$f" | md5sum | cut -c1-12)" 2>/dev/null || true; done
  fi
  return 0
}
seed fuzz_json "inventories/demo/devices/*/*.json inventories/demo/manifest.json" "JSON"
seed fuzz_yaml "inventories/demo/inventory.yaml rules/profiles/*.yaml" ""
seed fuzz_nxos_config "inventories/demo/devices/leaf*/show_running-config.txt fuzz/seeds/nxos_config/*" "running-config"
seed fuzz_nxos_text "inventories/demo/devices/leaf*/*.txt fuzz/seeds/nxos/*" "CLI text"
seed fuzz_nxos_json "inventories/demo/devices/leaf*/*.json" "JSON"
# the text and JSON harnesses take a command selector byte before the input: seed every command
for h in fuzz_nxos_text fuzz_nxos_json; do
  for f in "$work/$h"/*; do
    for b in 0 1 2 3 4 5 6 7 8 9 10 11 12 13; do
      printf "\\$(printf %03o "$b")" | cat - "$f" > "$f.c$b"
    done
    rm -f "$f"
  done
done
seed fuzz_host "inventories/demo/devices/host*/probe.json tests/fixtures/mini/devices/h1/probe.json" ""
seed fuzz_nft "fuzz/seeds/nft/*.json" ""
seed fuzz_ethtool "fuzz/seeds/ethtool/*" "ethtool|Linux CLI text"
seed fuzz_capture "fuzz/seeds/capture/*" ""
seed fuzz_inventory "inventories/demo/inventory.yaml inventories/examples/*/inventory.* tests/fixtures/mini/inventory.yaml fuzz/seeds/inventory/*" ""
# the inventory harness takes a format byte first: 0 YAML, 1 JSON
for f in "$work/fuzz_inventory"/*; do
  case "$f" in *.json) b=1 ;; *) b=0 ;; esac
  printf "\\$(printf %03o "$b")" | cat - "$f" > "$f.f" && rm -f "$f"
done
seed fuzz_sonic "tests/fixtures/sonic/configs/*.json inventories/examples/sonic-leaves/devices/leaf3/*.json" "SONiC config_db|SONiC CONFIG_DB"
# the state harness takes a reader selector byte first (fuzz_sonic_state.c): every output under every reader
seed fuzz_sonic_state "tests/fixtures/sonic/state/*.txt inventories/examples/sonic-leaves/devices/leaf3/*.txt" "headroom table|SONiC CLI"
for f in "$work/fuzz_sonic_state"/*; do
  for b in 0 1 2 3 4 5 6 7 8 9 10 11 12 13; do
    printf "\\$(printf %03o "$b")" | cat - "$f" > "$f.c$b"
  done
  rm -f "$f"
done
seed fuzz_eos "fuzz/seeds/eos/*" "Arista EOS running-config|AVD eos_cli_config_gen|show lldp neighbors detail"
# the EOS state harness takes a reader selector byte first (fuzz_eos_state.c): every output under every reader
seed fuzz_eos_state "inventories/examples/eos-leaves/devices/leaf1/*.json" "Arista EOS eAPI JSON|Arista EOS .*eAPI JSON|Arista EOS CLI text: show (interfaces|lldp)"
for f in "$work/fuzz_eos_state"/*; do
  for b in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
    printf "\\$(printf %03o "$b")" | cat - "$f" > "$f.c$b"
  done
  rm -f "$f"
done
# the diff harness's seeds carry their selector byte (0 report, 1 YAML expect, 2 JSON expect)
seed fuzz_diff "fuzz/seeds/diff/*" ""
# inputs that once crashed a harness stay in its corpus
for f in fuzz/regress/*; do
  [ -f "$f" ] || continue
  h=fuzz_${f##*/}; h=${h%%-*}
  [ -d "$work/$h" ] && cp "$f" "$work/$h/"
done
for h in ${HARNESSES:-fuzz_diff fuzz_sonic fuzz_sonic_state fuzz_eos fuzz_eos_state fuzz_json fuzz_yaml fuzz_nxos_config fuzz_nxos_text fuzz_nxos_json fuzz_host fuzz_nft fuzz_ethtool fuzz_capture fuzz_inventory}; do
  n=$(ls "$work/$h" | wc -l)
  echo "fuzz: $h for ${secs}s, $n seed files"
  "$build/fuzz/$h" -max_total_time="$secs" -max_len=262144 -print_final_stats=0 "$work/$h" >"$work/$h.log" 2>&1 ||
    { tail -40 "$work/$h.log"; echo "fuzz: $h FAILED"; exit 1; }
  grep -E "^#[0-9]+.*DONE" "$work/$h.log" | tail -1 || true
done
echo "fuzz: all harnesses ran without a crash"
