#!/bin/bash
# SPDX-License-Identifier: MIT
# Device strings that try to break a report or a terminal: ESC sequences, a C0 control (0x01),
# XML's ']]>' and '<![CDATA[', invalid UTF-8 and a bidi override, put in every place a snapshot
# controls (a running-config line and description, a host's LLDP neighbour, the manifest's device
# errors and a file name) and in a waiver. Every format must stay valid: text has no raw control
# character, JSON and SARIF parse as strict UTF-8 JSON, JUnit is well-formed XML (xmllint); the
# invalid bytes come out as U+FFFD and are recorded as not understood with file:line.
set -euo pipefail
fabcheck=$1
PY=/usr/bin/python3
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cp -r tests/fixtures/mini "$t/s"
s="$t/s"
# H: the hostile string as raw bytes
H=$(printf 'X\033[2J\033]0;pwned\007\001]]><![CDATA[<b>&amp;\xff\xfe\xe2\x80\xae')
{ printf 'interface Ethernet1/1\n  description %s\n  bogus-command %s\n' "$H" "$H"; } >> "$s/devices/sw1/show_running-config.txt"
"$PY" - "$s" <<'PY'
import json, sys
root = sys.argv[1]
p = root + "/devices/h1/probe.json"
d = json.load(open(p))
# JSON carries the controls escaped (\u001b); the invalid bytes go in raw, written by hand
d["interfaces"][0]["lldp"] = {"system_name": "HOSTILE_NAME", "port_id": "Eth1/9 \u001b[31m]]>\u0001\u202e"}
t = json.dumps(d, indent=1).encode().replace(b'"HOSTILE_NAME"', b'"sw\\u001b[2J\\u0001]]><![CDATA[\xff\xfe"')
open(p, "wb").write(t)
# a device error quoting the switch: NX-API's own message
open(root + "/devices/sw1/show_interface.json", "w").write(json.dumps(
    {"ins_api": {"outputs": {"output": {"code": "400", "msg": "bad \u001b[2J\u0001]]><![CDATA[ \u202e"}}}}))
open(root + "/devices/sw1/show_version.txt", "wb").write(b"Software\n  NXOS: version 10.3(2)\xff\x1b]8;;http://x\x07\n")
m = json.load(open(root + "/manifest.json"))
m["devices"][0]["outputs"] += [{"command": "show interface", "encoding": "json", "file": "devices/sw1/show_interface.json"},
                               {"command": "show version", "encoding": "text", "file": "devices/sw1/show_version.txt"}]
json.dump(m, open(root + "/manifest.json", "w"), indent=1)
PY
printf 'waivers:\n  - {rule: HR-SIZE, subject: "*", reason: "ok ]]> <![CDATA[", owner: "a&b <c>", expires: 2099-01-01}\n' > "$t/w.yaml"

set +e
"$fabcheck" validate "$s" --waivers "$t/w.yaml" --format text --format "json=$t/r.json" --format "junit=$t/r.xml" \
  --format "sarif=$t/r.sarif" --format "markdown=$t/r.md" --format "csv=$t/r.csv" > "$t/r.txt" 2> "$t/err"
rc=$?
set -e
[ $rc -le 3 ] || { cat "$t/err"; fail "validate exit $rc"; }
"$PY" - "$t" <<'PY' || fail "a report was broken by device strings"
import json, re, sys
t = sys.argv[1]
raw = {k: open("%s/r.%s" % (t, k), "rb").read() for k in ("txt", "json", "xml", "sarif", "md", "csv")}
raw["err"] = open(t + "/err", "rb").read()
bad = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]")     # a raw control character (tab and newline aside)
for k, b in raw.items():
    b.decode("utf-8")                                 # strict: any invalid UTF-8 raises
    m = bad.search(b.replace(b"\r\n", b"\n") if k == "csv" else b)   # CSV ends lines in CRLF (RFC 4180)
    assert not m, "%s: raw control byte %r at %d: %r" % (k, m.group(), m.start(), b[max(0, m.start() - 40):m.start() + 20])
    assert "\u202e".encode() not in b, "%s: a raw bidi override" % k
for k in ("json", "sarif"):
    json.loads(raw[k].decode("utf-8"))
txt = raw["txt"].decode()
assert "\\x1b[2J" in txt and "\ufffd" in txt and "\\u202e" in txt, "the text report should show escapes and U+FFFD"
rep = json.loads(raw["json"])
nu = [u for d in rep["devices"] for u in d.get("not_understood", [])]
assert any("invalid UTF-8" in u["text"] for u in nu), nu
# Markdown renders with the hostile strings as text: no element of theirs, every table row whole
import csv, html.parser, io, markdown
md = raw["md"].decode()
assert "CDATA" in md, "the hostile text did not reach the Markdown report (the test proves nothing)"
page = markdown.markdown(md, extensions=["tables"])
class Cells(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.rows, self.row = [], [], None
    def handle_starttag(self, tag, a):
        self.tags.append(tag)
        if tag == "tr":
            self.row = 0
        elif tag in ("td", "th") and self.row is not None:
            self.row += 1
    def handle_endtag(self, tag):
        if tag == "tr":
            self.rows.append(self.row)
            self.row = None
p = Cells()
p.feed(page)
assert not {"b", "script"} & set(p.tags), ("the report's strings made HTML elements", set(p.tags))
assert p.rows and all(n in (3, 4, 5) for n in p.rows), ("a table row lost or gained cells", p.rows)
# CSV: RFC 4180 rows, one per input line not understood (device by device), then one per finding,
# the hostile strings whole
rows = list(csv.reader(io.StringIO(raw["csv"].decode(), newline="")))
assert raw["csv"].count(b"\r\n") >= len(rows), "CSV lines end in CRLF"
assert len(rows) == 1 + len(nu) + len(rep["findings"]) and all(len(r) == 11 for r in rows), (len(rows), len(rep["findings"]))
assert [(r[0], r[2], r[8]) for r in rows[1:1 + len(nu)]] == [("not-understood", "NOT-UNDERSTOOD", u["text"]) for u in nu]
assert [(r[2], r[3], r[8]) for r in rows[1 + len(nu):]] == [(f["rule"], f["subject"], f["message"]) for f in rep["findings"]]
assert any("CDATA" in c for r in rows for c in r), "the hostile text did not reach the CSV"
print("injection: text, json, junit, sarif, markdown, csv and stderr hold no raw control byte and are valid UTF-8")
PY
xmllint --noout "$t/r.xml" || fail "JUnit is not well-formed XML"
grep -q 'CDATA' "$t/r.xml" || fail "the hostile text did not reach the JUnit report (the test proves nothing)"

# fabcheck's own files (manifest, inventory, waivers) refuse control characters, naming the line;
# the message itself shows them escaped
"$PY" - "$s" <<'PY'
import json, sys
m = json.load(open(sys.argv[1] + "/manifest.json"))
m["devices"][0]["errors"] = ["timeout \u001b[2J\u0001"]
json.dump(m, open(sys.argv[1] + "/manifest.json", "w"))
PY
printf 'waivers:\n  - {rule: HR-SIZE, subject: "*", reason: "ok \\e[2J", owner: a, expires: 2099-01-01}\n' > "$t/w2.yaml"
for args in "$s" "inventories/demo --waivers $t/w2.yaml"; do
  set +e; "$fabcheck" validate $args > "$t/o" 2> "$t/e"; rc=$?; set -e
  [ $rc -eq 2 ] || fail "$args: control characters in fabcheck's own file: exit $rc"
  grep -q 'control characters, bidi controls and invalid UTF-8 are not allowed here' "$t/e" || { cat "$t/e"; fail "$args: no clear message"; }
  grep -q '\\x1b\[2J' "$t/e" && ! grep -qP '\x1b' "$t/e" || fail "$args: the message is not escaped"
done
echo "report injection: all formats valid"
