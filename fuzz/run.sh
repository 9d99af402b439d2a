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
seed fuzz_nft "fuzz/seeds/nft/*.json" ""
seed fuzz_ethtool "fuzz/seeds/ethtool/*" "ethtool|Linux CLI text"
seed fuzz_inventory "inventories/demo/inventory.yaml inventories/examples/*/inventory.* tests/fixtures/mini/inventory.yaml fuzz/seeds/inventory/*" ""
# the inventory harness takes a format byte first: bit 0 JSON (else YAML), bit 1 an intent file
# (probe --check --intent: devices optional); the files named intent* are intent files
for f in "$work/fuzz_inventory"/*; do
  case "$f" in *.json) b=1 ;; *) b=0 ;; esac
  case "${f##*/}" in *intent*) b=$((b | 2)) ;; esac
  printf "\\$(printf %03o "$b")" | cat - "$f" > "$f.f" && rm -f "$f"
done
# every adapter's readers: seeds under the selector bytes the harness lists (seed_adapter.py)
python3 fuzz/seed_adapter.py "$build/fuzz/fuzz_adapter" "$work/fuzz_adapter"
# the diff harness's seeds carry their selector byte (0 report, 1 YAML expect, 2 JSON expect)
seed fuzz_diff "fuzz/seeds/diff/*" ""
# the NETCONF framing harness's seeds carry their mode byte (bit 0: chunked; the rest: piece size)
seed fuzz_netconf "fuzz/seeds/netconf/*" ""
# the cleaner's harness: real captures and their noisy forms, a command byte first
seed fuzz_cli_text "fuzz/seeds/nxos/* fuzz/seeds/eos/* inventories/demo/devices/*/*.txt" "CLI text"
for f in "$work/fuzz_cli_text"/*; do
  printf '\001' | cat - "$f" > "$f.f" && rm -f "$f"
done
# inputs that once crashed a harness stay in its corpus
for f in fuzz/regress/*; do
  [ -f "$f" ] || continue
  h=fuzz_${f##*/}; h=${h%%-*}
  [ -d "$work/$h" ] && cp "$f" "$work/$h/"
done
for h in ${HARNESSES:-fuzz_adapter fuzz_diff fuzz_json fuzz_yaml fuzz_nft fuzz_ethtool fuzz_inventory fuzz_netconf fuzz_cli_text}; do
  n=$(ls "$work/$h" | wc -l)
  t=$secs
  # the adapter harness carries every platform's readers (what nine harnesses did): four times the time
  [ "$h" = fuzz_adapter ] && t=$((secs * 4))
  echo "fuzz: $h for ${t}s, $n seed files"
  "$build/fuzz/$h" -max_total_time="$t" -max_len=262144 -print_final_stats=0 "$work/$h" >"$work/$h.log" 2>&1 ||
    { tail -40 "$work/$h.log"; echo "fuzz: $h FAILED"; exit 1; }
  grep -E "^#[0-9]+.*DONE" "$work/$h.log" | tail -1 || true
done
echo "fuzz: all harnesses ran without a crash"
