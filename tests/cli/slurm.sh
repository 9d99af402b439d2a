#!/bin/bash
# SPDX-License-Identifier: MIT
# fabcheck on a real Slurm (Debian's slurmctld and slurmd, munge): three nodes gpu1..gpu3 on this
# machine (NodeName=gpuN NodeHostName=localhost, a port each, %n in the spool, pid and log paths,
# munge on a private socket), each node's fabcheck reading its own recorded host
# (tests/fixtures/demohosts.py: gpu1 = the demo's host1, gpu2 = host2, gpu3 = host4, which shares
# host2's RoCE GID). contrib/slurm/fabcheck-healthcheck as the HealthCheckProgram:
#   - all healthy: the three nodes idle;
#   - gpu2's NIC set to PFC on priority 5: gpu2 drained with fabcheck's reason
#     ("fabcheck: ens1f0 PFC on 5, fabric pauses 3"), gpu1 and gpu3 still idle;
#   - fixed: gpu2 resumed by the health check (its drain was fabcheck's); a node drained for
#     another reason is left drained;
#   - the prolog variant exits 1 and drains on a problem, 0 on a healthy node;
# and contrib/slurm/fabcheck-collect.sbatch with `sbatch -N3`: three host documents and the
# inventory entries; `fabcheck collect` of them gives a snapshot whose validate finds the duplicate
# GID across gpu2 and gpu3. Root and slow (ctest labels): the fast loop skips it.
set -euo pipefail
fabcheck=$(realpath "$1")
here=$(cd "$(dirname "$0")/../.." && pwd)
PY=/usr/bin/python3
for b in slurmctld slurmd munged scontrol sbatch sinfo; do
  command -v "$b" >/dev/null || { echo "SKIP: $b is not installed (Debian: slurmctld slurmd slurm-client munge)"; exit 77; }
done
[ "$(id -u)" = 0 ] || { echo "SKIP: slurmd runs as root here (it starts jobs as their users)"; exit 77; }
t=$(mktemp -d /tmp/fc-slurm.XXXXXX)
chmod 755 "$t"
start=$(date +%s)
stop() {
  for p in "$t"/slurmd.*.pid "$t"/slurmctld.pid "$t"/munged.pid; do
    [ -s "$p" ] && kill "$(cat "$p")" 2>/dev/null || true
  done
  sleep 0.5
  rm -rf "$t"
}
trap stop EXIT
fail() {
  echo "FAIL: $*"
  for f in "$t"/log/*.log; do echo "--- $f"; tail -n 15 "$f"; done
  exit 1
}

# munge on a private socket, with a key of this test's own
dd if=/dev/urandom of="$t/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$t/munge.key"
mkdir -p "$t/log" "$t/state" "$t/spool"
munged --force --socket="$t/munge.sock" --key-file="$t/munge.key" --pid-file="$t/munged.pid" \
  --log-file="$t/log/munged.log" --seed-file="$t/munge.seed"

# the recorded hosts, one per node
"$PY" tests/fixtures/demohosts.py "$t/rec"
mkdir -p "$t/hosts"
ln -s "$t/rec/host1" "$t/hosts/gpu1"; ln -s "$t/rec/host2" "$t/hosts/gpu2"; ln -s "$t/rec/host4" "$t/hosts/gpu3"
pfc() {  # pfc NODE PRIO: the PFC priority gpuN's ens1f0 reports
  "$PY" - "$t/hosts/$1/.fabcheck-replies/ens1f0.json" "$2" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["dcb"]["pfc_enabled"] = [int(sys.argv[2])]
json.dump(d, open(sys.argv[1], "w"))
EOF
}

read -r ctld p1 p2 p3 < <("$PY" -c 'import socket
s = [socket.socket() for _ in range(4)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])')
cat > "$t/slurm.conf" <<EOF
ClusterName=fabcheck
SlurmctldHost=localhost
SlurmctldPort=$ctld
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$t/munge.sock
CredType=cred/munge
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool/%n
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.%n.pid
SlurmctldLogFile=$t/log/slurmctld.log
SlurmdLogFile=$t/log/slurmd.%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/linear
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
HealthCheckProgram=$t/healthcheck
HealthCheckInterval=5
HealthCheckNodeState=ANY
NodeName=gpu1 NodeHostName=localhost Port=$p1 CPUs=1 State=UNKNOWN
NodeName=gpu2 NodeHostName=localhost Port=$p2 CPUs=1 State=UNKNOWN
NodeName=gpu3 NodeHostName=localhost Port=$p3 CPUs=1 State=UNKNOWN
PartitionName=batch Nodes=gpu[1-3] Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$t/slurm.conf
# the site's settings for the health check (Slurm runs it with SLURMD_NODENAME and nothing else)
cat > "$t/fabcheck-healthcheck.conf" <<EOF
FABCHECK=$fabcheck
FABCHECK_INVENTORY=$here/inventories/demo/inventory.yaml
FABCHECK_ROOT=$t/hosts/%n
FABCHECK_ARGS="--memlock-user slurm"
SLURM_CONF=$t/slurm.conf
EOF
printf '#!/bin/sh\nFABCHECK_HEALTHCHECK_CONF=%s exec %s\n' "$t/fabcheck-healthcheck.conf" \
  "$here/contrib/slurm/fabcheck-healthcheck" > "$t/healthcheck"
chmod 755 "$t/healthcheck"

slurmctld -f "$t/slurm.conf"
for n in 1 2 3; do slurmd -f "$t/slurm.conf" -N "gpu$n"; done

state() { sinfo -h -n "$1" -o '%t'; }   # idle, drain, ...
reason() { scontrol -o show node "$1" | sed -n 's/.* Reason=\(.*\) \[.*/\1/p'; }
wait_for() {  # wait_for NODE STATE: up to 40 s (health checks every 5 s)
  local i
  for i in $(seq 1 80); do [ "$(state "$1")" = "$2" ] && return 0; sleep 0.5; done
  return 1
}
for n in gpu1 gpu2 gpu3; do wait_for "$n" idle || fail "$n did not come up idle: $(state "$n")"; done
echo "three nodes idle"

# a fault on gpu2: drained with fabcheck's reason, the others stay idle
pfc gpu2 5
wait_for gpu2 drain || fail "gpu2 not drained: $(state gpu2)"
r=$(reason gpu2)
[[ $r == "fabcheck: ens1f0 PFC on 5, fabric pauses 3"* ]] || fail "gpu2's drain reason: '$r'"
[ "$(state gpu1)" = idle ] && [ "$(state gpu3)" = idle ] || fail "gpu1/gpu3: $(state gpu1) $(state gpu3)"
echo "gpu2 drained: $r; gpu1 and gpu3 idle"

# fixed: resumed by the next health check
pfc gpu2 3
wait_for gpu2 idle || fail "gpu2 not resumed: $(state gpu2)"
echo "gpu2 fixed: resumed"
# drained by someone else: left alone
scontrol update NodeName=gpu1 State=DRAIN Reason="maintenance: PSU"
sleep 12
[ "$(state gpu1)" = drain ] && [ "$(reason gpu1)" = "maintenance: PSU" ] ||
  fail "gpu1 drained by an admin was touched: $(state gpu1) '$(reason gpu1)'"
scontrol update NodeName=gpu1 State=RESUME
echo "a node drained for another reason: left drained"

# the prolog variant: exit 1 and drain on a problem, 0 on a healthy node
pf() { SLURMD_NODENAME=$1 FABCHECK_HEALTHCHECK_CONF=$t/fabcheck-healthcheck.conf "$here/contrib/slurm/fabcheck-prolog"; }
pf gpu3 || fail "prolog on a healthy gpu3: exit $?"
pfc gpu3 5
if pf gpu3; then fail "prolog on gpu3 with a problem: exit 0"; fi
[[ $(reason gpu3) == fabcheck:* ]] || fail "prolog: gpu3 not drained by fabcheck: '$(reason gpu3)'"
pfc gpu3 3
wait_for gpu3 idle || fail "gpu3 not resumed after the prolog's drain"
echo "prolog: exit 1 and drained on a problem, exit 0 when healthy"

# fleet collection through sbatch, then one snapshot for validate
mkdir -p "$t/coll"
FABCHECK=$fabcheck FABCHECK_ROOT="$t/hosts/%n" FABCHECK_PROBE_ARGS="--memlock-user slurm" \
  sbatch --export=ALL -N3 -o "$t/coll.out" "$here/contrib/slurm/fabcheck-collect.sbatch" "$t/coll" >/dev/null
for i in $(seq 1 60); do [ -s "$t/coll/hosts.yaml" ] && [ -z "$(squeue -h)" ] && break; sleep 0.5; done
[ "$(grep -c '^- ' "$t/coll/hosts.yaml" || true)" = 3 ] || fail "collect: $(cat "$t/coll.out" "$t/coll/hosts.yaml" 2>&1)"
{ printf 'version: 1\nfabric: {name: slurm, profile: lossless_dcqcn, roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}}\ndevices:\n'
  sed -n 's/^- /  - /p' "$t/coll/hosts.yaml"; } > "$t/coll/inventory.yaml"
"$fabcheck" collect --inventory "$t/coll/inventory.yaml" --out "$t/snap" >/dev/null || fail "fabcheck collect: exit $?"
"$fabcheck" validate "$t/snap" --format json > "$t/report.json" || true
"$PY" - "$t/report.json" <<'EOF' || fail "validate of the collected snapshot"
import json, sys
r = json.load(open(sys.argv[1]))
dup = [f for f in r["findings"] if f["rule"] == "GID-DUP" and f["status"] == "fail"]
ends = {e["end"].split(":")[0] for f in dup for e in f["evidence"]}
ok = len(dup) == 1 and dup[0]["subject"] == "GID ::ffff:10.2.2.1" and {"gpu2", "gpu3"} <= ends
print("sbatch -N3: %d host documents; validate: GID-DUP %s on %s" % (
    len(r["devices"]), dup[0]["status"] if dup else "missing", sorted(ends)))
sys.exit(0 if ok else 1)
EOF
echo "slurm: ok ($(( $(date +%s) - start )) s)"
