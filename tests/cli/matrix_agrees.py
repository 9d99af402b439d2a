#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The HTML report's link matrix shows what the rules judged: on the demo and every example fabric,
each end's cell in every column (speed and lanes, FEC, MTU, PFC, trust, ECN, headroom, optics, ACL,
LLDP) holds the value the column's rules (L1-SPEED-MATCH, FEC-MATCH, MTU-HOST-SWITCH, PFC-PRIO-MATCH,
PFC-TRUST, ECN-HOST-NP-RP and ECN-SW-QUEUE, HR-SIZE, DDM-THRESH and DDM-LINK-BUDGET,
UDP4791-SWITCH-ACL, CABLE-PLAN-LLDP) give as that end's evidence in the JSON report of the same run,
whether the finding's subject is the link, the port or the switch; and a cell is marked failing
where a link rule fails the link.
usage: matrix_agrees.py FABCHECK"""
import glob, html.parser, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fctest import check, finish  # noqa: E402

FABCHECK = os.path.abspath(sys.argv[1])
# (data-col (enum fc_aspect), the rule whose evidence the cell shows, the evidence's name, whether
# the cell agrees with the value): the value as it is, or as the column writes it
SAME = lambda cell, v: cell == v   # noqa: E731
COLUMNS = [
    (3, "MTU-HOST-SWITCH", "MTU", SAME),
    (4, "PFC-PRIO-MATCH", "PFC priorities", SAME),
    (5, "PFC-TRUST", "trust", SAME),
    # "rs (RS on 25G lanes: rs528)": the cell names the FEC in use, its first word
    (2, "FEC-MATCH", "active FEC", lambda cell, v: cell.split()[0] == v.split()[0]),
    # "25000 Mb/s" and "2": the cell is "25G x2 ..."
    (1, "L1-SPEED-MATCH", "speed", lambda cell, v: cell.startswith("%dG" % (int(v.split()[0]) // 1000))),
    (1, "L1-SPEED-MATCH", "lanes", lambda cell, v: (" x%s" % v) in cell),
    # "59680 B / 44027 B": the cell is "58.3 KB, needs 43.0 KB"
    (7, "HR-SIZE", "headroom have / need", lambda cell, v: cell == "%.1f KB, needs %.1f KB" % tuple(
        float(x.split()[0]) / 1024.0 for x in v.split(" / "))),
    # "RDMA-EDGE-IN permits ...", "no ACL applied out ...": the cell is "IN-ACL / OUT-ACL", - for none
    # (none at all: "none")
    (9, "UDP4791-SWITCH-ACL", "in", lambda cell, v: acl(cell, v, 0)),
    (9, "UDP4791-SWITCH-ACL", "out", lambda cell, v: acl(cell, v, 1)),
    # a host: "priority mask 0x08" for NP and RP, the cell "NP 3, RP 3"
    (6, "ECN-HOST-NP-RP", "roce_np enabled", lambda cell, v: ecn_host(cell, v, 0)),
    (6, "ECN-HOST-NP-RP", "roce_rp enabled", lambda cell, v: ecn_host(cell, v, 1)),
    # a switch's RoCE queue: "20480..40960 bytes, weight 0, ecn" is "on 20-40 KB"; "off: ..." is "off"
    (6, "ECN-SW-QUEUE", "ECN thresholds", lambda cell, v: cell == "on %.0f-%.0f KB" % tuple(
        int(x) / 1024.0 for x in v.split()[0].split(".."))),
    (6, "ECN-SW-QUEUE", "ECN", lambda cell, v: cell.split()[0] == v.split(":")[0].split()[0]),
    # "lane 2 Rx/Tx/bias" "-2.00 dBm / ...", "lane 4 Rx" "-2.20 dBm": the cell lists each lane's Rx
    (8, "DDM-THRESH", "lane * Rx/Tx/bias", lambda cell, v, what: lane_rx(cell, v, what)),
    (8, "DDM-LINK-BUDGET", "lane * Rx", lambda cell, v, what: lane_rx(cell, v, what)),
    (10, "CABLE-PLAN-LLDP", "LLDP neighbour", SAME),
]


def ecn_host(cell, v, side):
    mask = int(v.split()[-1], 16)
    want = ",".join(str(p) for p in range(8) if mask >> p & 1) or "none"
    parts = cell.split(", ")
    return len(parts) == 2 and parts[side] == ("NP ", "RP ")[side] + want


def lane_rx(cell, v, what):
    lane = int(what.split()[1])
    rx = cell[len("rx "):-len(" dBm")].split(" / ") if cell.startswith("rx ") and cell.endswith(" dBm") else []
    return len(rx) >= lane and rx[lane - 1] == v.split()[0]


def acl(cell, v, side):
    want = "-" if v.startswith("no ACL") else v.split()[0]
    return (cell == "none" and want == "-") or (" / " in cell and cell.split(" / ")[side] == want)


class Matrix(html.parser.HTMLParser):
    """rows: {"A <-> B": {(col, "a"|"b"): (text, marked failing)}} of table#matrix."""

    def __init__(self):
        super().__init__()
        self.rows, self.inside, self.row, self.cell, self.text, self.head = {}, False, None, None, "", False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and a.get("id") == "matrix":
            self.inside = True
        elif not self.inside:
            return
        elif tag == "th" and a.get("scope") == "row":
            self.head, self.text, self.row = True, "", None
        elif tag == "br" and self.head:
            self.head = False
            self.row = self.text.strip().replace(" \u2194 ", " <-> ")
            self.rows[self.row] = {}
        elif tag == "td" and self.row is not None and "data-col" in a:
            self.cell = (int(a["data-col"]), a["data-end"], "m-fail" in (a.get("class") or ""))
            self.text = ""

    def handle_endtag(self, tag):
        if tag == "table" and self.inside:
            self.inside = False
        elif tag == "th" and self.head:
            self.head = False
            self.row = self.text.strip().replace(" \u2194 ", " <-> ")
            self.rows[self.row] = {}
        elif tag == "td" and self.cell:
            col, end, fail = self.cell
            self.rows[self.row][(col, end)] = (self.text.strip(), fail)
            self.cell = None

    def handle_data(self, data):
        if self.head or self.cell:
            self.text += data


targets = ["inventories/demo"]
for d in sorted(glob.glob("inventories/examples/*/")):
    d = d.rstrip("/")
    if os.path.exists(d + "/manifest.json"):
        targets.append(d)
    elif os.path.exists(d + "/inventory.yaml"):
        targets.append(d + "/inventory.yaml")
t = tempfile.mkdtemp()
compared, cols = 0, {}
for target in targets:
    h, j = os.path.join(t, "r.html"), os.path.join(t, "r.json")
    r = subprocess.run([FABCHECK, "validate", target, "--format", "html=" + h, "--format", "json=" + j],
                       capture_output=True, text=True)
    if r.returncode not in (0, 1):
        check(False, "%s: exit %d: %s" % (target, r.returncode, r.stderr.strip()[-200:]))
        continue
    m = Matrix()
    m.feed(open(h).read())
    rep = json.load(open(j))
    ends_at = {}   # "leaf1:Ethernet1/1": [(matrix row, "a"|"b")]
    for row in m.rows:
        for side, end in zip("ab", row.split(" <-> ")):
            ends_at.setdefault(end, []).append((row, side))
    n = 0
    for f in rep["findings"]:
        for col, rule, what, agrees in COLUMNS:
            if f["rule"] != rule:
                continue
            for ev in f.get("evidence", []):
                w = ev.get("what", "")
                if "*" in what:
                    pre, post = what.split("*")
                    if not (w.startswith(pre) and w.endswith(post) and w[len(pre):len(w) - len(post)].isdigit()):
                        continue
                    ok = lambda text, v: agrees(text, v, w)   # noqa: E731
                elif w != what:
                    continue
                else:
                    ok = agrees
                for row, side in ends_at.get(ev.get("end"), []):
                    if f["subject"] in m.rows and f["subject"] != row:
                        continue   # a link finding speaks for its own row
                    text, marked = m.rows[row].get((col, side), (None, False))
                    check(text is not None and ok(text, ev["value"]), "%s: %s, %s's %s cell shows %r, %s's evidence %r" % (
                        target, row, ev["end"], w, text, rule, ev["value"]))
                    if f["status"] == "fail" and f["subject"] == row:
                        check(marked or m.rows[row].get((col, "b" if side == "a" else "a"), (0, False))[1],
                              "%s: %s fails %s, its %s cells are not marked" % (target, row, rule, w))
                    n += 1
                    cols[col] = cols.get(col, 0) + 1
    check(n > 0 or not m.rows, "%s: no matrix cell compared" % target)
    compared += n
    print("%s: %d matrix links, %d cells as the findings' evidence" % (target, len(m.rows), n))
NAMES = {1: "speed and lanes", 2: "FEC", 3: "MTU", 4: "PFC", 5: "trust", 6: "ECN", 7: "headroom", 8: "optics",
         9: "ACL", 10: "LLDP"}
for col, name in NAMES.items():
    check(cols.get(col, 0) >= 10, "the %s column: only %d cells compared" % (name, cols.get(col, 0)))
print("cells compared per column: " + ", ".join("%s %d" % (NAMES[c], cols.get(c, 0)) for c in sorted(NAMES)))
check(compared > 100, "only %d cells compared" % compared)
finish()
