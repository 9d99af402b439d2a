#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Every text capture in ../shared/realdata and the project's own fixtures, with the noise a saved
terminal session carries added, must give the same model as the clean capture, or say what it did
not understand (an explicit not-understood line); never a silent difference. The noise: the prompt
and command above the output and the prompt below it, CR LF, CR CR LF, a --More-- pager redrawn with
CR or backspaces and glued to the next line, trailing blanks, tabs at tab stops, the whole output
indented, one block header indented, and all of them at once. Models are compared through
`fabcheck parse` with the line numbers of sources taken out (a prompt line moves every line)."""
import csv, json, os, re, subprocess, sys, tempfile
import fcmodel  # noqa: E402  (fabcheck parse output, expanded)

fabcheck, shared = sys.argv[1], os.environ.get("FABCHECK_SHARED", "../shared")
root = os.getcwd()

# --- inputs --------------------------------------------------------------------------------------
kinds = []
for row in csv.reader(open(os.path.join(root, "tests/fixtures/realdata-kinds.tsv")), delimiter="\t"):
    if row and not row[0].startswith("#"):
        kinds.append(row)

inputs = []   # (name, platform, command, encoding, text bytes)
SKIPPED_PART = False   # ../shared absent: the test exits 77 (ctest: Skipped) when nothing failed
manifest = os.path.join(shared, "realdata", "MANIFEST.tsv")
if os.path.exists(manifest):
    for row in csv.reader(open(manifest), delimiter="\t"):
        if len(row) < 6 or row[0] == "path" or "expected parse" in row[5] or row[0].endswith((".yml", ".md", "expected_result.json")):
            continue
        for desc, sub, plat, cmd, enc in kinds:
            vendor = {"nxos": "NX-OS", "eos": "Arista EOS"}.get(plat, "Linux")
            if desc in row[5] and vendor in row[5] and (sub == "*" or sub in row[0]):
                inputs.append((row[0], plat, cmd, enc, open(os.path.join(shared, "realdata", row[0]), "rb").read()))
                break
else:
    print("SKIP (part): %s not present: only the project's fixtures are perturbed" % manifest)
    SKIPPED_PART = True
realdata = len(inputs)
FIXTURES = {"show_running-config.txt": "show running-config",
            "show_interface_transceiver_details.txt": "show interface transceiver details",
            "show_lldp_neighbors_detail.txt": "show lldp neighbors detail",
            "show_queuing_interface.txt": "show queuing interface",
            "show_interface_priority-flow-control.txt": "show interface priority-flow-control",
            "show_interface_capabilities.txt": "show interface capabilities",
            "show_interface_fec.txt": "show interface fec",
            "show_ip_access-lists.txt": "show ip access-lists",
            "show_policy-map_system_type_network-qos.txt": "show policy-map system type network-qos"}
for base in ("inventories/demo/devices", "inventories/examples/spine-leaf/devices", "tests/fixtures"):
    for dirpath, _, files in os.walk(base):
        for f in sorted(files):
            if f in FIXTURES:
                p = os.path.join(dirpath, f)
                inputs.append((p, "nxos", FIXTURES[f], "text", open(p, "rb").read()))

BLOCKS = ("show interface", "show lldp neighbors detail", "show interface status", "show interface transceiver",
          "show interface transceiver details", "show interfaces", "show interfaces transceiver detail")

# --- perturbations (text in, text out: bytes) ------------------------------------------------------
def lines(b):
    return b.split(b"\n")

def prompt(b, cmd):
    return b"leaf1# " + cmd.encode() + b"\n" + b + (b"" if b.endswith(b"\n") else b"\n") + b"leaf1# \n"

def pager(b, how):
    ls = lines(b)
    for i in range(20, len(ls), 23):
        glue = b" --More-- \r          \r" if how == "cr" else b"--More--" + b"\b" * 8 + b" " * 8 + b"\b" * 8
        ls[i] = glue + ls[i]
    return b"\n".join(ls)

def unexpand(line):
    out, col, run = b"", 0, 0
    for ch in line:
        c = bytes([ch])
        if c == b" ":
            run += 1
            col += 1
            if col % 8 == 0:
                out += b"\t" if run > 1 else b" "
                run = 0
            continue
        out += b" " * run + c
        run = 0
        col += 1
    return out + b" " * run

def indent_header(b):
    ls = lines(b)
    heads = [i for i, l in enumerate(ls) if l[:1].isalpha()]
    if len(heads) > 2:
        ls[heads[2]] = b"  " + ls[heads[2]]
    return b"\n".join(ls)

def perturbations(cmd, enc):
    p = [("prompt", lambda b: prompt(b, cmd)),
         ("crlf", lambda b: b.replace(b"\n", b"\r\n")),
         ("crcrlf", lambda b: b.replace(b"\n", b"\r\r\n"))]
    if enc == "json":
        return p
    p += [("pager-cr", lambda b: pager(b, "cr")),
          ("pager-bs", lambda b: pager(b, "bs")),
          ("trailing", lambda b: b"\n".join(l + b"   " if l else l for l in lines(b))),
          # blanks and CRs mixed: what readers that drop line ends themselves read uncopied
          ("trailing-mixed", lambda b: b"\n".join(l + b" \r  \r" if l else l for l in lines(b))),
          ("tabs", lambda b: b"\n".join(unexpand(l) for l in lines(b))),
          ("indented", lambda b: b"\n".join(b"  " + l if l else l for l in lines(b))),
          ("all", lambda b: prompt(pager(b"\n".join(unexpand(l) + b" " for l in lines(b)), "cr"), cmd)
           .replace(b"\n", b"\r\r\n"))]
    if cmd in BLOCKS:
        p.append(("indented-header", indent_header))
    return p

# --- models ----------------------------------------------------------------------------------------
tmp = tempfile.mkdtemp()

def capture(cmd, text):
    """A host tool's output inside an agentless capture (the way such outputs are read)."""
    return (b"@@fabcheck-capture 1\n@@file /sys/class/net/eth0/mtu\n1500\n@@cmd " + cmd.encode() + b" eth0\n" +
            text + (b"" if text.endswith(b"\n") else b"\n") + b"@@rc 0\n")

def model(plat, cmd, enc, text):
    path = os.path.join(tmp, "in." + enc)
    if plat == "linux-tool":
        text, plat, cmd = capture(cmd, text), "linux", "fabcheck agentless capture"
    open(path, "wb").write(text)
    out = subprocess.run([fabcheck, "parse", "--platform", plat, "--command", cmd, "--encoding", enc, path],
                         capture_output=True)
    if out.returncode:
        return None, out.stderr.decode("utf-8", "replace").strip()
    m = fcmodel.loads(out.stdout)
    nu = m.pop("not_understood", [])
    s = json.dumps(m, sort_keys=True)
    s = re.sub(r'"source": "[^"]*"', '"source": ""', s)          # where: moves with a prompt line
    return (json.loads(s), nu), None

def diff(a, b, path="model"):
    if type(a) != type(b):
        return ["%s: %r -> %r" % (path, a, b)]
    if isinstance(a, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                out.append("%s.%s: only in the %s" % (path, k, "clean" if k in a else "perturbed"))
            else:
                out += diff(a[k], b[k], "%s.%s" % (path, k))
        return out
    if isinstance(a, list):
        if len(a) != len(b):
            return ["%s: %d items -> %d" % (path, len(a), len(b))]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in diff(x, y, "%s[%d]" % (path, i))]
    return [] if a == b else ["%s: %r -> %r" % (path, a, b)]

silent, refused, noted, explicit, same, runs, clean_fail = [], [], [], 0, 0, 0, []
for name, plat, cmd, enc, text in inputs:
    base, err = model(plat, cmd, enc, text)
    if base is None:
        clean_fail.append("%s: the clean capture does not parse: %s" % (name, err))
        continue
    for pname, fn in perturbations(cmd, enc):
        runs += 1
        got, err = model(plat, cmd, enc, fn(text))
        if got is None:
            explicit += 1          # refused, naming file:line: explicit
            refused.append("%s [%s]: %s" % (name, pname, err))
            continue
        d = diff(base[0], got[0])
        if not d:
            same += 1
        elif len(got[1]) > len(base[1]):
            explicit += 1
            noted.append("%s [%s]: %d more line(s) not understood" % (name, pname, len(got[1]) - len(base[1])))
        else:
            silent.append("%s [%s]: %s" % (name, pname, "; ".join(d[:4])))
for c in clean_fail:
    print(c)
for s in refused:
    print("refused (explicit):", s)
for s in noted:
    print("not understood (explicit):", s)
for s in silent:
    print("SILENT", s)
kinds_seen = sorted(set(cmd for _, _, cmd, _, _ in inputs))
print("perturb: commands: %s" % ", ".join(kinds_seen))
print("perturb: %d captures (%d from realdata), %d perturbed parses: %d same model, %d explicit "
      "(not understood or refused), %d silent differences" % (len(inputs), realdata, runs, same, explicit, len(silent)))
sys.exit(1 if silent or clean_fail else 77 if SKIPPED_PART else 0)
