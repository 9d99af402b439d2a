#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A hard link inside a snapshot or a config repository to a file outside it (issue 30, point 7):
# the link is the outside file under a name inside, so containment by path cannot see it. A file
# with more than one link is refused, naming it, unless --allow-outside names its directory (the
# user's word that the place is theirs); docs/security.md says why.
set -euo pipefail
fabcheck=$1
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

mkdir "$t/outside"
cp -r inventories/demo "$t/snap"
# the "secret": a file outside the snapshot, linked in as leaf1's show version
cp inventories/demo/devices/leaf1/show_version.json "$t/outside/secret.json"
rm "$t/snap/devices/leaf1/show_version.json"
ln "$t/outside/secret.json" "$t/snap/devices/leaf1/show_version.json"
set +e
"$fabcheck" validate "$t/snap" > "$t/out" 2> "$t/err"; rc=$?
set -e
[ "$rc" -eq 2 ] || [ "$rc" -eq 3 ] || fail "snapshot with a hard link: exit $rc"
grep -q "devices/leaf1/show_version.json.*has 2 hard links" "$t/out" "$t/err" ||
  { cat "$t/err"; grep -i "hard link" "$t/out" | head; fail "the hard link is not named"; }
grep -q '"chassis_id"\|Nexus9000' "$t/out" && fail "the linked file's contents reached the report"
echo "snapshot: a hard link to a file outside is refused, naming it (exit $rc)"

# --allow-outside naming the snapshot: the user says the place is theirs; read as any file
"$fabcheck" validate "$t/snap" --allow-outside "$t/snap" > "$t/out2" 2>&1 || [ $? -eq 1 ] ||
  fail "with --allow-outside: exit $?"
grep -q "hard link" "$t/out2" && fail "with --allow-outside the hard link is still refused"
echo "snapshot: --allow-outside naming its directory reads it"

# a config repository: the switch's config file a hard link to one outside
mkdir "$t/repo"
cp -r inventories/examples/ci-gate/. "$t/repo/"
mv "$t/repo/configs/tor1.cfg" "$t/outside/tor1.cfg"
ln "$t/outside/tor1.cfg" "$t/repo/configs/tor1.cfg"
set +e
"$fabcheck" validate "$t/repo/inventory.yaml" > "$t/out3" 2> "$t/err3"; rc=$?
set -e
[ "$rc" -ne 0 ] && grep -q "tor1.cfg.*has 2 hard links" "$t/out3" "$t/err3" ||
  { cat "$t/err3"; fail "config repository with a hard link: exit $rc, not named"; }
"$fabcheck" validate "$t/repo/inventory.yaml" --allow-outside "$t/repo/configs" > /dev/null 2>&1 || [ $? -eq 1 ] ||
  fail "config repository with --allow-outside: exit $?"
echo "config repository: refused the same way; --allow-outside naming the folder reads it"
