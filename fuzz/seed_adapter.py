#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Seeds for fuzz_adapter, written into OUT: every output of the project's example snapshots under
its adapter's reader (two selector bytes: the adapter and the row, from the harness's own list, so
a new adapter or command is seeded without an edit here), each state output also after its
device's saved configuration (the harness's FUZZ_NEXT split), and the captures in
../shared/realdata under the reader their description names (every reader of their platform where
it names none). fuzz/run.sh adds the inputs that once crashed it (fuzz/regress/adapter-*).

usage: seed_adapter.py HARNESS OUT"""
import glob, hashlib, json, os, subprocess, sys

harness, out = sys.argv[1], sys.argv[2]
shared = os.environ.get("FABCHECK_SHARED", "../shared")
NEXT = b"\n#fabcheck-fuzz-next-output\n"
PLATFORMS = {"Cisco NX-OS": "nxos", "Arista EOS": "eos", "SONiC": "sonic", "Cumulus": "nvue", "Juniper Junos": "junos",
             "Linux": "linux"}
PER_PLATFORM = 300   # realdata files per platform, at most

rows = {}            # (platform, encoding, command) -> (adapter byte, row byte)
by_platform = {}     # platform -> [(encoding, command)]
listing = subprocess.run([harness], env=dict(os.environ, FABCHECK_FUZZ_LIST="1"), capture_output=True, text=True,
                         check=True).stdout
for line in listing.splitlines():
    a, r, plat, enc, cmd = line.split(" ", 4)
    rows.setdefault((plat, enc, cmd), (int(a), int(r)))
    by_platform.setdefault(plat, []).append((enc, cmd))
os.makedirs(out, exist_ok=True)
n = 0

def put(plat, enc, cmd, data):
    global n
    sel = rows.get((plat, enc, cmd))
    if sel is None:
        return
    blob = bytes(sel) + data
    with open(os.path.join(out, hashlib.md5(blob).hexdigest()[:16]), "wb") as f:
        f.write(blob)
    n += 1

def encoding_of(data):
    s = data.lstrip()
    return "json" if s[:1] in (b"{", b"[") else "text"

# the example snapshots: each output under its reader, and after the device's configuration
saved = {}   # platform -> (encoding, command) of its saved configuration: the first collected row it is
for man in glob.glob("inventories/*/manifest.json") + glob.glob("inventories/examples/*/manifest.json") + \
        glob.glob("tests/fixtures/*/manifest.json"):
    base = os.path.dirname(man)
    for dev in json.load(open(man)).get("devices", []):
        outs = []
        for o in dev.get("outputs", []):
            p = os.path.join(base, o["file"])
            if os.path.isfile(p):
                outs.append((o["encoding"], o["command"], open(p, "rb").read()))
        for enc, cmd, data in outs:
            put(dev["platform"], enc, cmd, data)
        # the running configuration or CONFIG_DB first: the largest output that is one of the platform's
        # configuration commands (show running-config, show runningconfiguration all, nv config show)
        cfgs = [x for x in outs if "running" in x[1] or "config show" in x[1]]
        for cenc, ccmd, cdata in cfgs[:1]:
            for enc, cmd, data in outs:
                if (enc, cmd) != (cenc, ccmd):
                    put(dev["platform"], enc, cmd, cdata + NEXT + data)

# the project's own seeds: hostile or unusual inputs written for a reader
for pattern, plat, enc, cmd in (("fuzz/seeds/nxos/*", "nxos", "text", "show interface"),
                                ("fuzz/seeds/nxos_config/*", "nxos", "text", "show running-config"),
                                ("fuzz/seeds/eos/*", "eos", "text", "show running-config"),
                                ("fuzz/seeds/eos_json/*", "eos", "json", "show interfaces"),
                                ("fuzz/seeds/sonic/*", "sonic", "json", "show runningconfiguration all"),
                                ("fuzz/seeds/nvue/*", "nvue", "text", "nv config show"),
                                ("fuzz/seeds/junos/*", "junos", "text", "show configuration"),
                                ("fuzz/seeds/capture/*", "linux", "text", "fabcheck agentless capture")):
    for p in glob.glob(pattern):
        put(plat, enc, cmd, open(p, "rb").read())

# the shared captures
manifest = os.path.join(shared, "realdata", "MANIFEST.tsv")
if os.path.exists(manifest):
    count = {}
    for line in open(manifest).read().splitlines()[1:]:
        f = line.split("\t")
        if len(f) < 6:
            continue
        path, desc = f[0], f[5]
        plat = next((p for k, p in PLATFORMS.items() if k in desc), None)
        if not plat or count.get(plat, 0) >= PER_PLATFORM or "expected parse" in desc:
            continue
        try:
            data = open(os.path.join(shared, "realdata", path), "rb").read()
        except OSError:
            continue
        enc = encoding_of(data)
        named = [c for e, c in by_platform.get(plat, []) if e == enc and c in desc]
        for cmd in ([max(named, key=len)] if named else [c for e, c in by_platform.get(plat, []) if e == enc]):
            put(plat, enc, cmd, data)
        count[plat] = count.get(plat, 0) + 1
print("fuzz_adapter: %d seeds" % n)
