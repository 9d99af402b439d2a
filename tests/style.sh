#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What a formatter cannot see (STYLE.md): banned functions, an SPDX line at the top of every
# source file, no typedef struct, files under ~1,000 lines.
set -uo pipefail
cd "$(dirname "$0")/.."
fail=0
files=$(git ls-files 'src/*.[ch]' 'vendors/*.[ch]' 'tests/*.[ch]' 'fuzz/*.[ch]' 2>/dev/null || find src vendors tests fuzz -name '*.[ch]')
for f in $files; do
  head -1 "$f" | grep -q 'SPDX-License-Identifier' || { echo "$f: first line is not an SPDX line"; fail=1; }
  # strip comments and string literals roughly before looking for calls
  if sed -e 's://.*$::' -e 's:"[^"]*"::g' "$f" | grep -nE '(^|[^a-z_])(sprintf|strcpy|strcat|strncat|strtok|atoi|atol|gets)\(' ; then
    echo "$f: banned function (use snprintf, fc_buf, strtok_r, fc_parse_i64)"; fail=1
  fi
  grep -n 'typedef struct' "$f" && { echo "$f: typedef struct"; fail=1; }
  n=$(wc -l < "$f")
  [ "$n" -le 1000 ] || { echo "$f: $n lines (keep files under ~1,000)"; fail=1; }
done
# headers are included by their path from src/ or the top ("vendors/linux/linux.h"): no folder on
# those include paths may take the name of a system header's folder (<linux/ethtool.h>)
for d in $(grep -rhoE '^#include <[a-z0-9_]+/' $files | sed -E 's/#include <//; s:/$::' | sort -u); do
  for root in src .; do
    [ -e "$root/$d" ] && { echo "$root/$d: shadows the system headers <$d/...>"; fail=1; }
  done
done
# no platform in the core (STYLE.md): the model, rules, engine, reports, diff and topology read the
# neutral model; a platform's names, commands and configuration keywords belong to its adapter
core=$(echo "$files" | tr ' ' '\n' | grep -E '^src/(model|rules|engine|report|diff|topology)/')
if grep -niE 'nx-?os|nexus|\beos\b|sonic|cumulus|nvue|junos|onyx|running-config|show (running|interface|lldp|queuing)|service-policy|policy-map|class-map|network-qos|qos-group' \
     $core | grep -v 'PFC-NOQOS-NXOS'; then
  echo "the core names a platform (above): say it in model terms, or move it into the adapter"; fail=1
fi
# users have only the project: what they read cites public sources written out, never the
# project's internal catalog or its numbered source tags
if grep -nE 'rule-catalog|\[S[0-9]+[a-z-]*\]' rules/docs/*.md rules/README.md docs/*.md README.md ||
   grep -nE '"[^"]*\[S[0-9]+[a-z-]*\][^"]*"' $files; then
  echo "a reference users cannot follow (above): write the source out"; fail=1
fi
# one error convention (STYLE.md): a failure's reason goes in struct fc_err, never in a caller's
# buffer passed with its size
if grep -nE 'char \*(why|reason|errbuf|msg), *(size_t|unsigned|int) +[a-z]*(sz|size|len)\b' $files; then
  echo "an error reason in a caller's buffer (above): take struct fc_err * (src/util/err.h)"; fail=1
fi
# a rule id leads to its source file: the registry names each rule's id and file, and they hold it
while read -r sym id file; do
  grep -q "const struct fc_rule $sym = {" "src/rules/$file" && grep -q "\.id = \"$id\"" "src/rules/$file" ||
    { echo "src/rules/rules.c: $sym is not rule $id in src/rules/$file"; fail=1; }
done < <(sed -nE 's@^\t&(fc_rule_[a-z0-9_]+), +/\* ([A-Z0-9-]+) +([a-z_]+\.c) \*/@\1 \2 \3@p' src/rules/rules.c)
[ "$(grep -c '^\t&fc_rule_' src/rules/rules.c)" = "$(grep -cE '^\t&fc_rule_.*/\* [A-Z0-9-]+ +[a-z_]+\.c \*/' src/rules/rules.c)" ] ||
  { echo "src/rules/rules.c: a registry entry without its id and file"; fail=1; }
[ $fail -eq 0 ] && echo "style ok: $(echo "$files" | wc -w) files"
exit $fail
