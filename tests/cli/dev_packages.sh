#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/dev demo installs what building fabcheck needs and nothing the demo does not: every
# pkg-config module the top CMakeLists.txt requires comes from a package of BUILD_PKGS (asked of
# dpkg, from the module's .pc file), and none of the services and tools only the tests run (a
# browser, Prometheus, Zabbix, sshd, lldpd, Slurm, munge, clang, cmocka) is among them.
set -euo pipefail
command -v dpkg > /dev/null && command -v pkg-config > /dev/null || { echo "SKIP: needs dpkg and pkg-config"; exit 77; }
build_pkgs=$(sed -n '/^BUILD_PKGS=(/,/)/p' scripts/dev | tr -d '()' | sed 's/BUILD_PKGS=//' | tr -s ' \n' '\n' | grep -v '^$')
fail=0
for mod in $(sed -n 's/^pkg_check_modules([A-Z0-9]* REQUIRED IMPORTED_TARGET \([^)]*\)).*/\1/p' CMakeLists.txt); do
  pc="$(pkg-config --variable=pcfiledir "$mod")/$mod.pc"
  pkg=$(dpkg -S "$pc" 2> /dev/null | head -1 | cut -d: -f1)
  if [ -z "$pkg" ]; then echo "FAIL: no package has $pc ($mod)"; fail=1; continue; fi
  grep -qx "$pkg" <<<"$build_pkgs" || { echo "FAIL: $mod comes from $pkg, not in BUILD_PKGS"; fail=1; }
  echo "$mod: $pkg"
done
for p in chromium chromium-driver prometheus prometheus-node-exporter zabbix-agent openssh-server lldpd \
         slurmctld slurmd munge clang libcmocka-dev python3-selenium; do
  grep -qx "$p" <<<"$build_pkgs" && { echo "FAIL: the demo installs $p, which only the tests use"; fail=1; }
done
[ $fail -eq 0 ] && echo "dev_packages: the demo installs $(wc -l <<<"$build_pkgs") packages, what the build needs"
exit $fail
