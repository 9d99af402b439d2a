#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Libraries loaded when first used (src/util/dynlib.h). The binary links only what every command
# needs (json-c, libyaml, libc, libm); `version --verbose` names each library loaded later and
# loads it. Then, as root in a private mount namespace with libcurl, libssh, libxml2, libmnl and
# libnftables hidden (an empty file mounted over each): validate, parse and diff still run and give
# the same verdicts; collecting over HTTPS and SSH fails per device naming the library and its
# package; the JUnit report and a Junos XML file say libxml2 is missing; the live probe gives its
# netlink and nftables values as UNKNOWN with the reason, and the process never crashes.
#   lazy_libs.sh FABCHECK
set -euo pipefail
fabcheck=$(realpath "$1")
root=$(pwd)
fail() { echo "FAIL: $*"; exit 1; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT

# what the dynamic loader binds at start
needed=$(readelf -d "$fabcheck" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
for lib in $needed; do
	case $lib in
	libjson-c.so.*|libyaml-0.so.*|libc.so.*|libm.so.*) ;;
	# the sanitizer builds link their runtimes
	libasan.so.*|libubsan.so.*|libstdc++.so.*|libgcc_s.so.*|libpthread.so.*|libdl.so.*|librt.so.*) ;;
	*) fail "the binary links $lib at start (NEEDED: $needed): only json-c, libyaml and libc may be" ;;
	esac
done
"$fabcheck" version --verbose > "$t/v.txt"
for so in libcurl.so libssh.so libxml2.so libmnl.so libnftables.so libip4tc.so liblldpctl.so; do
	grep -q "^  $so\.[0-9]* .* loads$" "$t/v.txt" || { cat "$t/v.txt"; fail "version --verbose: $so does not load"; }
done
echo "lazy_libs: NEEDED is $needed; version --verbose loads $(grep -c ' loads$' "$t/v.txt") libraries"

if [ "$(id -u)" -ne 0 ] || ! command -v unshare > /dev/null; then
	echo "lazy_libs: SKIPPED the missing-library half (needs root and unshare)"
	exit 0
fi

# the reference verdicts, with every library present
set +e
"$fabcheck" validate inventories/demo --no-color > "$t/demo.txt"; rc_demo=$?
set -e
[ $rc_demo -eq 1 ] || fail "validate demo: exit $rc_demo"

cat > "$t/inv.yaml" <<YAML
version: 1
fabric: {name: f, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}
credentials:
  nx: {username: u, password_env: FC_LAZY_PW}
devices:
  - {name: sw1, platform: nxos, transport: nxapi, address: "127.0.0.1:9", credential: nx}
  - {name: sw2, platform: sonic, transport: ssh, address: "127.0.0.1:9", credential: nx}
YAML
cat > "$t/hidden.sh" <<'SH'
set -u
hide() { p=$(ldconfig -p | awk -v l="$1" '$1 == l { print $NF; exit }'); [ -n "$p" ] && mount --bind "$T/empty" "$p"; }
: > "$T/empty"
for so in libcurl.so.4 libssh.so.4 libxml2.so.2 libmnl.so.0 libnftables.so.1; do hide "$so" || exit 90; done
cd "$ROOT"
"$FABCHECK" version --verbose > "$T/hv.txt"; echo "version $?" > "$T/rc"
"$FABCHECK" validate inventories/demo --no-color > "$T/hdemo.txt"; echo "validate $?" >> "$T/rc"
"$FABCHECK" validate inventories/demo --format junit > "$T/hjunit.xml" 2> "$T/hjunit.err"; echo "junit $?" >> "$T/rc"
"$FABCHECK" parse --platform junos --command "show version | display xml" inventories/examples/junos-leaves/devices/leaf1/show_version.xml \
	> "$T/hparse.json" 2> "$T/hparse.err"
echo "parse $?" >> "$T/rc"
FC_LAZY_PW=x "$FABCHECK" collect --inventory "$T/inv.yaml" --out "$T/snap" --timeout 2 > "$T/hcollect.txt" 2>&1
echo "collect $?" >> "$T/rc"
"$FABCHECK" probe --interface lo --out "$T/hprobe.json" 2> "$T/hprobe.err"; echo "probe $?" >> "$T/rc"
SH
"$fabcheck" parse --platform junos --command "show version | display xml" inventories/examples/junos-leaves/devices/leaf1/show_version.xml \
	> /dev/null || fail "parse of a Junos XML reply with libxml2 present"
T="$t" ROOT="$root" FABCHECK="$fabcheck" unshare -m bash "$t/hidden.sh" || fail "the namespace script: exit $?"
cat "$t/rc"
rc() { awk -v k="$1" '$1 == k { print $2 }' "$t/rc"; }

[ "$(rc version)" = 0 ] || fail "version --verbose with libraries hidden: exit $(rc version)"
grep -q "^  libcurl.so.4 .*MISSING: .*install the package libcurl4" "$t/hv.txt" || { cat "$t/hv.txt"; fail "version --verbose does not say libcurl is missing"; }
grep -q "^  libip4tc.so.2 .* loads$" "$t/hv.txt" || { cat "$t/hv.txt"; fail "a library not hidden does not load"; }
# the same verdicts without them
[ "$(rc validate)" = "$rc_demo" ] && diff -q "$t/demo.txt" "$t/hdemo.txt" > /dev/null ||
	{ diff "$t/demo.txt" "$t/hdemo.txt" | head; fail "validate differs without the collection libraries"; }
[ "$(rc junit)" = 2 ] && grep -q "libxml2.so.2.*install the package libxml2" "$t/hjunit.err" ||
	{ cat "$t/hjunit.err"; fail "junit without libxml2: exit $(rc junit)"; }
[ "$(rc parse)" = 2 ] && grep -q "show_version.xml.*libxml2.so.2" "$t/hparse.err" ||
	{ cat "$t/hparse.err"; fail "a Junos XML file without libxml2: exit $(rc parse)"; }
# collect: each device fails with the reason, the run says so (exit 3: devices failed)
[ "$(rc collect)" = 3 ] || { cat "$t/hcollect.txt"; fail "collect without libcurl/libssh: exit $(rc collect)"; }
grep -q "libcurl.so.4.*install the package libcurl4" "$t/snap/manifest.json" &&
	grep -q "libssh.so.4.*install the package libssh" "$t/snap/manifest.json" ||
	{ cat "$t/snap/manifest.json"; fail "the manifest does not say which library each device lacked"; }
# the live probe: values UNKNOWN with the library named, not a crash
case $(rc probe) in 0|1) ;; *) cat "$t/hprobe.err"; fail "probe without libmnl: exit $(rc probe)";; esac
grep -q "libmnl.so.0" "$t/hprobe.json" && grep -q "libnftables.so.1" "$t/hprobe.json" ||
	fail "the probe's UNKNOWN reasons do not name libmnl and libnftables"
echo "lazy_libs: with libcurl, libssh, libxml2, libmnl and libnftables hidden: validate unchanged (exit $rc_demo)," \
	"junit and Junos XML refused naming libxml2, collect fails per device naming the package, probe UNKNOWN with the reason"
