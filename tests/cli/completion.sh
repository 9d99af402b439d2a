#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Bash completion offers each command the formats it takes, and only those: every format offered
# after `validate`, `diff` and `probe --check --format` is accepted by that command, and every
# report format not offered is refused (exit 2). The list comes from `fabcheck help` (no second
# list in the completion file); this holds the two together. Skips (77) without bash-completion.
set -euo pipefail
fabcheck=$(readlink -f "$1")
bc=/usr/share/bash-completion/bash_completion
[ -f "$bc" ] || { echo "SKIP: $bc not present (Debian's bash-completion)"; exit 77; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
mkdir -p "$t/bin" && ln -s "$fabcheck" "$t/bin/fabcheck"
complete_words() {   # the words of a command line: what completion offers for the last one
  PATH="$t/bin:$PATH" bash -c 'source '"$bc"'; source completions/fabcheck
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    _fabcheck; printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$@"
}
fail=0
all=$(complete_words fabcheck validate --format "")
[ "$(wc -l <<<"$all")" -ge 10 ] || { echo "FAIL: validate --format offers $(wc -l <<<"$all"): $all"; fail=1; }
# the demo as two snapshots to compare, and a recorded host for probe --check
"$fabcheck" validate inventories/demo --format "json=$t/a.json" > /dev/null || true
cp "$t/a.json" "$t/b.json"
for cmd in diff probe; do
  if [ "$cmd" = diff ]; then offered=$(complete_words fabcheck diff a b --format "")
  else offered=$(complete_words fabcheck probe --check --format ""); fi
  for f in $all; do
    set +e
    if [ "$cmd" = diff ]; then
      "$fabcheck" diff "$t/a.json" "$t/b.json" --format "$f" > /dev/null 2>&1
    else
      "$fabcheck" probe --check --intent /nonexistent --format "$f" > "$t/out" 2>&1
    fi
    rc=$?
    set -e
    # probe --check on a missing intent file exits 2 too: a refused format says "one --format"
    if [ "$cmd" = probe ]; then refused=$(grep -c "one --format" "$t/out" || true); else refused=$([ $rc -eq 2 ] && echo 1 || echo 0); fi
    if grep -qx "$f" <<<"$offered"; then
      [ "$refused" = 0 ] || { echo "FAIL: $cmd --format $f is offered and refused"; fail=1; }
    else
      [ "$refused" != 0 ] || { echo "FAIL: $cmd --format $f is accepted and not offered"; fail=1; }
    fi
  done
  echo "$cmd --format offers: $(echo $offered)"
done
[ "$(complete_words fabcheck diff a b --format "" | paste -sd' ')" = "html json markdown text" ] ||
  { echo "FAIL: diff --format: $(complete_words fabcheck diff a b --format "")"; fail=1; }
[ $fail -eq 0 ] && echo "completion: each command offered the formats it takes, and no other"
exit $fail
