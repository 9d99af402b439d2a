#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Collection over a switch API: N simulated switches (default 200), each answering the full command
# set with L ms added to every request (default 50), at fabcheck's default concurrency and batch
# size. Prints wall time against the latency-bound ideal (ceil(N/concurrency) x requests per switch
# x L) and fabcheck's peak memory.
#   bench/collect_200.sh [BUILD_DIR] [N] [LATENCY_MS] [nxos|eos|nvue|junos]
# nxos: NX-API, the demo's leaf1 (target: wall <= 1.3x ideal); eos: Arista eAPI, the EOS example's
# leaf1 (target: wall <= 1.5x ideal). eAPI requests carry one format each: the text running-config
# alone, then the JSON outputs in batches. nvue: NVIDIA's NVUE REST API, the NVUE example's leaf3
# (target: wall <= 1.5x ideal): one GET per resource (the API has no batch), lldpd's JSON not in it.
# junos: NETCONF over SSH (tests/sim/netconf_sim: libssh's server, a thread per session, no program
# started per session), the Junos example's leaf1 state with the XML configuration of
# tests/fixtures/junos/forms.xml (a NETCONF <get-configuration> reply is XML); one <rpc> per output,
# one after another on each switch's session (target: wall <= 1.5x ideal).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}; n=${2:-200}; lat=${3:-50}; plat=${4:-nxos}
conc=32; batch=8    # fabcheck's defaults (src/transport/rpc.c)
case $plat in
  nxos) rec=inventories/demo; api=nxapi; title="NX-API"; target=1.3 ;;
  eos)  rec=inventories/examples/eos-leaves; api=eapi; title="eAPI (Arista EOS)"; target=1.5 ;;
  nvue) rec=inventories/examples/nvue-leaves; api=nvue; title="NVUE REST API (Cumulus Linux)"; target=1.5 ;;
  junos) rec=inventories/examples/junos-leaves; api=netconf; title="NETCONF over SSH (Junos)"; target=1.5 ;;
  *) echo "platform nxos, eos, nvue or junos"; exit 2 ;;
esac
dev=leaf1; [ "$plat" = nvue ] && dev=leaf3
root=$(pwd); t=$(mktemp -d); sim_pid=""
trap '[ -n "$sim_pid" ] && kill $sim_pid 2>/dev/null; rm -rf "$t"' EXIT
cd "$t"
# a name for every loopback address a switch gets (127.0.0.2 on, 254 per third octet)
san=$(for o in $(seq 0 $(( (n + 1) / 254 ))); do for i in $(seq 1 254); do printf "IP:127.0.%d.%d," "$o" "$i"; done; done); san=${san%,}
printf "subjectAltName=%s\nextendedKeyUsage=serverAuth\n" "$san" > ext.cnf
openssl ecparam -name prime256v1 -genkey -noout -out ca.key 2>/dev/null
openssl req -x509 -new -key ca.key -out ca.pem -days 2 -subj "/CN=bench CA" 2>/dev/null
openssl ecparam -name prime256v1 -genkey -noout -out srv.key 2>/dev/null
openssl req -new -key srv.key -out srv.csr -subj "/CN=nxapi-sim" 2>/dev/null
openssl x509 -req -in srv.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out srv.pem -days 2 -extfile ext.cnf 2>/dev/null
export BENCH_PW="bench-$RANDOM"
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("",0)); print(s.getsockname()[1])')
# The simulator stands for N separate switches: with two cores or more it gets the last one and
# fabcheck the others (BENCH_PIN=0: no pinning), so that its TLS work does not take the collector's
pin_sim=""; pin_fc=""
if [ "${BENCH_PIN:-1}" = 1 ] && [ "$(nproc)" -ge 2 ] && command -v taskset > /dev/null; then
  last=$(( $(nproc) - 1 )); pin_sim="taskset -c $last"; pin_fc="taskset -c 0-$(( last - 1 ))"
fi
if [ "$plat" = junos ]; then
  mkdir -p dev
  cp "$root/tests/fixtures/junos/forms.xml" dev/show_configuration.txt
  cp "$root/$rec/devices/$dev/"*.xml dev/
  ssh-keygen -q -t ed25519 -N '' -f hostkey
  $pin_sim "$root/$build/tests/netconf_sim" --dir dev --port "$port" --hostkey hostkey --user fabcheck \
    --password-env BENCH_PW --latency-ms "$lat" > sim.log 2>&1 &
  sim_pid=$!
else
  $pin_sim "$root/$build/tests/nxapi_sim" --snapshot "$root/$rec" --port "$port" --cert srv.pem --key srv.key \
    --user fabcheck --password-env BENCH_PW --default "$dev" --latency-ms "$lat" > sim.log 2>&1 &
  sim_pid=$!
fi
for i in $(seq 50); do grep -q READY sim.log && break; sleep 0.1; done
{
  echo "version: 1"
  echo "credentials: {nx: {username: fabcheck, password_env: BENCH_PW}}"
  echo "devices:"
  for i in $(seq 0 $((n - 1))); do
    # 127.0.0.2 .. : one loopback address per switch (wrapping into 127.0.1.x past 254)
    a=$((2 + i)); echo "  - {name: sw$i, platform: $plat, transport: $api, address: \"127.0.$((a / 254)).$((a % 254 + (a / 254 > 0 ? 1 : 0))):$port\", credential: nx}"
  done
} > inv.yaml
if [ "$plat" = junos ]; then   # the simulator's host key, known for every switch's address
  grep -o '127\.0\.[0-9]*\.[0-9]*' inv.yaml | while read -r a; do echo "[$a]:$port $(cut -d' ' -f1,2 hostkey.pub)"; done > known_hosts
fi
ncmd=$(/usr/bin/python3 -c 'import json,sys; print(len([o for d in json.load(open(sys.argv[1]))["devices"] if d["name"]==sys.argv[2] for o in d["outputs"] if not o["command"].startswith("lldpctl")]))' "$root/$rec/manifest.json" "$dev")
reqs=$(( (ncmd + batch - 1) / batch ))
if [ "$plat" = nxos ]; then   # the round trips that cannot be avoided: the batched commands, then each
  # large one (vendors/nxos/nxos.c: show interface, show running-config) in NX-API chunk mode, one
  # request per 64 KiB chunk (the simulator's chunk size), one after another
  reqs=$(/usr/bin/python3 -c 'import json,os,sys
large = {"show interface", "show running-config"}
o = [o for d in json.load(open(sys.argv[1]))["devices"] if d["name"] == "leaf1" for o in d["outputs"]]
small = sum(x["command"] not in large for x in o)
chunks = sum(max(1, -(-os.path.getsize(os.path.join(sys.argv[3], x["file"])) // 65536)) for x in o if x["command"] in large)
print(-(-small // int(sys.argv[2])) + chunks)' "$root/$rec/manifest.json" "$batch" "$root/$rec")
fi
if [ "$plat" = nvue ]; then   # one GET per resource, one after another on each switch
  reqs=$ncmd
fi
if [ "$plat" = junos ]; then   # one <rpc> per output, one after another on each switch's session
  reqs=$ncmd
fi
extra=(--ca-file ca.pem); [ "$plat" = junos ] && extra=(--known-hosts known_hosts)
if [ "$plat" = eos ]; then   # runs of one encoding, each in batches
  reqs=$(/usr/bin/python3 -c 'import itertools,json,sys
o = [o["encoding"] for d in json.load(open(sys.argv[1]))["devices"] if d["name"] == "leaf1" for o in d["outputs"]]
print(sum((len(list(g)) + int(sys.argv[2]) - 1) // int(sys.argv[2]) for _, g in itertools.groupby(o)))' "$root/$rec/manifest.json" "$batch")
fi
# The snapshot goes to tmpfs (BENCH_OUT, default /dev/shm) so the figure is the collector's; the
# same run onto the work disk follows, since creating thousands of small files costs whatever
# that filesystem costs (on this VM, ext4's inode allocator dominates).
out_base=${BENCH_OUT:-/dev/shm}
snap="$out_base/fabcheck-bench-$$"
# five runs (the simulator shares the machine's cores): the median is the figure, the range shown
runs=${BENCH_RUNS:-5}; walls=""; users=""; syss=""
for r in $(seq "$runs"); do
  rm -rf "$snap"
  ${BENCH_WRAP:-} /usr/bin/time -f "%e %M %U %S" -o time.txt $pin_fc "$root/$build/fabcheck" collect --inventory inv.yaml --out "$snap" "${extra[@]}" > out.txt 2>&1 || true
  read -r w rss_kb u sy < <(tail -n 1 time.txt)
  walls="$walls $w"; users="$users $u"; syss="$syss $sy"
  ok=$(/usr/bin/python3 -c 'import json,sys; print(sum(d["status"]=="ok" for d in json.load(open(sys.argv[1]))["devices"]))' "$snap/manifest.json")
  # the most frequent error of a switch not collected, to say why
  why=$(/usr/bin/python3 -c 'import collections,json,sys
import re
c = collections.Counter(re.sub(r"127\.0\.[0-9.]+:[0-9]+", "ADDR", e) for d in json.load(open(sys.argv[1]))["devices"] for e in d.get("errors", []))
print("%d x %s" % c.most_common(1)[0][::-1] if c else "")' "$snap/manifest.json")
  rm -rf "$snap"
done
med() { tr ' ' '\n' <<< "$1" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall=$(med "$walls"); user=$(med "$users"); sys=$(med "$syss")
range=$(tr ' ' '\n' <<< "$walls" | grep . | sort -n | awk 'NR==1{lo=$1} {hi=$1} END {printf "%s-%s s", lo, hi}')
served=$(( $(grep -c "status=200" sim.log || true) / runs ))
/usr/bin/time -f "%e %M" -o time2.txt $pin_fc "$root/$build/fabcheck" collect --inventory inv.yaml --out "$t/snap-disk" "${extra[@]}" > out2.txt 2>&1 || true
read -r wall_disk rss2 < <(tail -n 1 time2.txt)
ideal=$(awk -v n="$n" -v c="$conc" -v r="$reqs" -v l="$lat" 'BEGIN { printf "%.3f", int((n + c - 1) / c) * r * l / 1000 }')
ratio=$(awk -v w="$wall" -v i="$ideal" 'BEGIN { printf "%.2f", w / i }')
how="$reqs round trips each at --batch $batch, chunks included"
[ "$plat" = junos ] && how="one <rpc> each on one SSH session per switch, the connection's own round trips not counted"
echo "$title collection: $n switches x $ncmd commands ($how), ${lat} ms added per request, concurrency $conc"
printf "  %-36s %s of %s switches ok, %s requests served\n" "result" "$ok" "$n" "$served"
[ -n "$why" ] && printf "  %-36s %s\n" "errors (last run)" "$why"
printf "  %-36s %s\n" "cores" "$([ -n "$pin_sim" ] && echo "fabcheck on ${pin_fc#taskset -c }, the simulator on ${pin_sim#taskset -c } (BENCH_PIN=0: shared)" || echo "shared by fabcheck and the simulator")"
printf "  %-36s %8.3f s   (median of %s runs, %s; snapshot on %s)\n" "wall time" "$wall" "$runs" "$range" "$out_base"
printf "  %-36s %8.3f s user, %.3f s sys (medians)\n" "fabcheck CPU" "$user" "$sys"
printf "  %-36s %8.3f s   (ceil(%s/%s) x %s x %s ms)\n" "latency-bound ideal" "$ideal" "$n" "$conc" "$reqs" "$lat"
printf "  %-36s %8s x   (target <= %sx: %s)\n" "wall / ideal" "$ratio" "$target" "$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r <= t ? "met" : "NOT met") }')"
printf "  %-36s %8.1f MiB  (target < 100 MiB at 2,000 switches: %s)\n" "fabcheck peak memory (max RSS)" \
  "$(awk -v k="$rss_kb" 'BEGIN { print k / 1024 }')" "$(awk -v k="$rss_kb" 'BEGIN { print k < 102400 ? "met" : "NOT met" }')"
printf "  %-36s %8.3f s   (%s files written on %s)\n" "same run, snapshot on the work disk" "$wall_disk" \
  "$(find "$t/snap-disk" -type f | wc -l)" "$(df --output=fstype "$t" | tail -1)"
