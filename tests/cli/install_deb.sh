#!/bin/bash
# SPDX-License-Identifier: MIT
# Installs like a real tool: cmake --install into a staging prefix finds its rules from there; the
# .deb (cpack) installs with apt on this Debian 12 machine and runs the demo from the installed
# files, from /, without --rules-dir; bash completion completes commands, formats and rule ids;
# the package is removed afterwards. Needs root and apt (CI runs as root): skipped otherwise.
set -euo pipefail
root=$(pwd)
[ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null && command -v cpack > /dev/null ||
	{ echo "install_deb: SKIPPED (needs root, apt-get and cpack)"; exit 77; }
dpkg -s fabcheck > /dev/null 2>&1 && { echo "install_deb: SKIPPED (a fabcheck package is installed already)"; exit 77; }
t=$(mktemp -d)
cleanup() { dpkg -s fabcheck > /dev/null 2>&1 && apt-get remove -y -q fabcheck > /dev/null 2>&1; rm -rf "$t"; }
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }

cmake -S "$root" -B "$t/b" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFABCHECK_TESTS=OFF -DCMAKE_INSTALL_PREFIX=/usr \
	> "$t/cmake.log" 2>&1 || { tail -20 "$t/cmake.log"; fail "cmake (Release)"; }
cmake --build "$t/b" --target fabcheck > "$t/build.log" 2>&1 || { grep -E "error|warning" "$t/build.log" | head; fail "the Release build"; }
# a staged install: the files where the package will put them
DESTDIR="$t/stage" cmake --install "$t/b" > /dev/null
for f in usr/bin/fabcheck usr/share/man/man1/fabcheck.1 usr/share/fabcheck/rules/profiles/lossless_dcqcn.yaml \
	usr/share/fabcheck/rules/docs/HR-SIZE.md usr/share/fabcheck/demo/inventory.yaml \
	usr/share/bash-completion/completions/fabcheck usr/share/doc/fabcheck/README.md; do
	[ -f "$t/stage/$f" ] || fail "cmake --install did not install /$f"
done
# the command the README gives, as given
cmake --build "$t/b" --target package > "$t/cpack.log" 2>&1 || { tail -20 "$t/cpack.log"; fail "cmake --build --target package"; }
deb=$(ls "$t"/b/fabcheck_*.deb)
# every document of docs/ is in the package
dpkg-deb -c "$deb" | awk '{ print $NF }' > "$t/files.txt"
for f in "$root"/docs/*.md "$root"/docs/report.schema.json; do
	grep -q "usr/share/doc/fabcheck/${f##*/}\$" "$t/files.txt" || fail "the package does not hold docs/${f##*/}"
done
dpkg-deb -f "$deb" Depends | grep -q libjson-c || fail "the package does not depend on its libraries: $(dpkg-deb -f "$deb" Depends)"
# the libraries loaded when first used are not linked (dpkg-shlibdeps cannot see them): the package
# names each one's package, in Depends, or in Recommends for the probe's optional ones
deps=$(dpkg-deb -f "$deb" Depends); recs=$(dpkg-deb -f "$deb" Recommends)
"$t/b/fabcheck" version --verbose | awk '/^  lib/ { print $1, $2 }' > "$t/lazy.txt"
[ "$(wc -l < "$t/lazy.txt")" -ge 7 ] || fail "version --verbose lists $(wc -l < "$t/lazy.txt") libraries"
while read -r so pkg; do
	case $so in
	liblldpctl.*|libibverbs.*) grep -qw -- "$pkg" <<<"$recs" || fail "$so: $pkg is not in Recommends ($recs)" ;;
	*) grep -qw -- "$pkg" <<<"$deps" || fail "$so: $pkg is not in Depends ($deps)" ;;
	esac
done < "$t/lazy.txt"
grep -qw lldpd <<<"$deps" && fail "the lldpd daemon is a Depends ($deps)"
apt-get install -y -q "$deb" > "$t/apt.log" 2>&1 || { tail -20 "$t/apt.log"; fail "apt-get install $deb"; }
cd /
[ "$(command -v fabcheck)" = /usr/bin/fabcheck ] || fail "fabcheck is not /usr/bin/fabcheck"
[ "$(env -u FABCHECK_RULES_DIR fabcheck rules | wc -l)" -ge 40 ] || fail "the installed fabcheck does not find its rules"
env -u FABCHECK_RULES_DIR fabcheck explain HR-SIZE | grep '^Remediation\.' >/dev/null || fail "explain from the installed pages"
cp -r /usr/share/fabcheck/demo "$t/demo"
set +e
env -u FABCHECK_RULES_DIR fabcheck validate "$t/demo" > "$t/demo.txt"; rc=$?
set -e
[ $rc -eq 1 ] && grep -q '^Summary: 5 failing' "$t/demo.txt" || { cat "$t/demo.txt"; fail "the installed demo: exit $rc"; }
man -w fabcheck > /dev/null 2>&1 || [ -f /usr/share/man/man1/fabcheck.1.gz ] || [ -f /usr/share/man/man1/fabcheck.1 ] ||
	fail "no man page"
# bash completion, from the installed file, with bash-completion's helpers when present
if [ -f /usr/share/bash-completion/bash_completion ]; then
	out=$(bash -c 'source /usr/share/bash-completion/bash_completion; source /usr/share/bash-completion/completions/fabcheck
		complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
			_fabcheck; printf "%s\n" "${COMPREPLY[@]}"; }
		complete_words fabcheck val; echo --; complete_words fabcheck validate --format ma; echo --
		complete_words fabcheck explain HR-')
	grep -qx validate <<<"$out" && grep -qx markdown <<<"$out" && grep -qx HR-SIZE <<<"$out" ||
		{ echo "$out"; fail "bash completion"; }
fi
apt-get remove -y -q fabcheck > /dev/null 2>&1 || fail "apt-get remove"
[ ! -e /usr/bin/fabcheck ] || fail "the package left /usr/bin/fabcheck"
echo "install_deb: cmake --install and the .deb ($(basename "$deb")) install, find their rules, run the demo, complete; removed"
