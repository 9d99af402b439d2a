#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Input lines not understood reach every format (issue 30, point 5), and the exit code can fail
on them. The eos-leaves example (exit 0, every line understood) with two lines its EOS reader does
not understand added to leaf1's running-config (a speed-group and a serdes setting, which decide
how ports run):
  - SARIF: a result per line, ruleId NOT-UNDERSTOOD, level warning, at the file and line; the
    descriptor among the tool's rules; valid against the SARIF 2.1.0 schema where ../shared has it;
  - JUnit: a NOT-UNDERSTOOD test case per device, leaf1's <skipped> with both lines, or <failure>
    under --fail-on low,not-understood; the others passing;
  - Markdown: a "Not understood" table with both lines; CSV: a row per line;
  - Prometheus: leaf1's device_ok 0 with status partly-understood, its not-understood count 2;
  - Zabbix: device.ok 0, device.not_understood 2, run.not_understood 2;
  - text and JSON: the count in the summary;
  - exit 0 by default (documented), 1 with --fail-on low,not-understood or --fail-on
    not-understood; the example unchanged exits 0 under either.

usage: not_understood_formats.py FABCHECK
"""
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from fctest import check, finish, skipped

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHARED = os.environ.get("FABCHECK_SHARED", os.path.join(ROOT, "..", "shared"))
LINES = ["hardware speed-group 1 serdes 10g", "hardware port-group 2 select Et32/1-4"]


def run(snap, out, *extra):
    args = [FABCHECK, "validate", snap, "--format", "text"]
    for k in ("json", "sarif", "junit", "markdown", "csv", "prometheus", "zabbix"):
        args += ["--format", "%s=%s/r.%s" % (k, out, k)]
    r = subprocess.run(args + list(extra), capture_output=True, text=True)
    return r.returncode, r.stdout


def main():
    t = tempfile.mkdtemp()
    try:
        clean = os.path.join(t, "clean")
        shutil.copytree(os.path.join(ROOT, "inventories/examples/eos-leaves"), clean)
        snap = os.path.join(t, "snap")
        shutil.copytree(clean, snap)
        cfg = os.path.join(snap, "devices/leaf1/show_running-config.txt")
        text = open(cfg).read().split("\n")
        k = next(i for i, l in enumerate(text) if l.startswith("hostname"))
        for j, l in enumerate(LINES):
            text.insert(k + 1 + j, l)
        open(cfg, "w").write("\n".join(text))
        where = [(k + 2 + j, l) for j, l in enumerate(LINES)]

        for how, extra, want in (("default", [], 0), ("fail-on", ["--fail-on", "low,not-understood"], 1),
                                 ("only", ["--fail-on", "not-understood"], 1)):
            out = os.path.join(t, how)
            os.mkdir(out)
            rc, txt = run(snap, out, *extra)
            check(rc == want, "%s: exit %d, want %d" % (how, rc, want))
            check("2 input line(s) not understood on 1 device(s)" in txt, "%s: text summary: %s" % (how, txt[-300:]))
            rep = json.load(open(out + "/r.json"))
            check(rep["summary"]["not_understood"] == 2 and rep["summary"]["fail_on_not_understood"] == bool(extra),
                  "%s: json summary %s" % (how, rep["summary"]))
            # SARIF
            sarif = json.load(open(out + "/r.sarif"))
            runs = sarif["runs"][0]
            res = [r for r in runs["results"] if r["ruleId"] == "NOT-UNDERSTOOD"]
            got = sorted((r["locations"][0]["physicalLocation"]["region"]["startLine"],
                          r["message"]["text"].split("not understood: ", 1)[1]) for r in res)
            check(got == where and all(r["level"] == "warning" and r["kind"] == "fail" for r in res)
                  and all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(
                      "devices/leaf1/show_running-config.txt") for r in res),
                  "%s: sarif results %s" % (how, got))
            descr = runs["tool"]["driver"]["rules"]
            check(all(descr[r["ruleIndex"]]["id"] == r["ruleId"] for r in runs["results"]), "%s: sarif ruleIndex" % how)
            schema = os.path.join(SHARED, "schemas", "sarif-schema-2.1.0.json")
            if how == "default" and os.path.exists(schema):
                import jsonschema
                try:
                    jsonschema.validate(sarif, json.load(open(schema)))
                except jsonschema.ValidationError as e:
                    check(False, "sarif invalid: %s" % e.message)
            elif how == "default":
                skipped("SARIF schema: no %s" % schema)
            # JUnit (against the XSD where ../shared has it)
            xsd = os.path.join(SHARED, "schemas", "JUnit.xsd")
            if os.path.exists(xsd) and shutil.which("xmllint"):
                p = subprocess.run(["xmllint", "--noout", "--schema", xsd, out + "/r.junit"], capture_output=True, text=True)
                check(p.returncode == 0, "%s: junit invalid: %s" % (how, p.stderr[:300]))
            root = ET.parse(out + "/r.junit").getroot()
            suite = next(s for s in root.iter("testsuite") if s.get("name") == "NOT-UNDERSTOOD")
            cases = {c.get("name"): c for c in suite.iter("testcase")}
            leaf1 = cases.get("NOT-UNDERSTOOD leaf1")
            tag = "failure" if extra else "skipped"
            el = leaf1.find(tag) if leaf1 is not None else None
            check(el is not None and all(l in el.text for _, l in where) and "show_running-config.txt:%d" % where[0][0]
                  in el.text, "%s: junit leaf1 %s" % (how, ET.tostring(leaf1)[:300] if leaf1 is not None else None))
            check(len(cases) == len(rep["devices"]) and all(len(list(c)) == 0 for n, c in cases.items()
                                                             if n != "NOT-UNDERSTOOD leaf1"),
                  "%s: junit other devices" % how)
            check(int(suite.get("failures")) == (1 if extra else 0) and int(suite.get("skipped")) == (0 if extra else 1),
                  "%s: junit counts %s" % (how, suite.attrib))
            # Markdown and CSV
            md = open(out + "/r.markdown").read()
            check("### Not understood (2 line(s) on 1 device(s)" in md and all(l in md for _, l in where),
                  "%s: markdown" % how)
            rows = list(csv.reader(io.StringIO(open(out + "/r.csv", newline="").read())))
            nu = [r for r in rows if r[2] == "NOT-UNDERSTOOD"]
            check(sorted((r[0], r[3], r[8], r[9].rsplit(":", 1)[1]) for r in nu)
                  == sorted(("not-understood", "leaf1", l, str(n)) for n, l in where), "%s: csv %s" % (how, nu))
            # Prometheus
            prom = open(out + "/r.prometheus").read()
            prom = re.sub(r'\{fabric="[^"]*",', "{", prom)   # every sample's fabric label, aside here
            check('fabcheck_device_ok{device="leaf1",kind="switch",status="partly-understood"} 0' in prom
                  and 'fabcheck_device_not_understood_lines{device="leaf1",kind="switch"} 2' in prom
                  and 'fabcheck_device_ok{device="leaf2",kind="switch",status="ok"} 1' in prom, "%s: prometheus" % how)
            if shutil.which("promtool") and how == "default":
                p = subprocess.run(["promtool", "check", "metrics"], input=prom, capture_output=True, text=True)
                check(p.returncode == 0, "promtool: %s" % (p.stdout + p.stderr))
            # Zabbix
            zbx = dict(l.split("\t", 1) for l in open(out + "/r.zabbix").read().splitlines())
            check(zbx.get("device.ok.leaf1") == "0" and zbx.get("device.not_understood.leaf1") == "2"
                  and zbx.get("device.ok.leaf2") == "1" and zbx.get("run.not_understood") == "2",
                  "%s: zabbix %s" % (how, {k: v for k, v in zbx.items() if "leaf1" in k or "run." in k}))
            print("%s: exit %d; not-understood in text, json, sarif, junit (%s), markdown, csv, prometheus, zabbix"
                  % (how, rc, tag))
        for extra in (["--fail-on", "low,not-understood"], ["--fail-on", "not-understood"]):
            out = os.path.join(t, "clean-" + extra[1])
            os.mkdir(out)
            rc, _ = run(clean, out, *extra)
            check(rc == 0, "clean %s: exit %d" % (extra, rc))
        r = subprocess.run([FABCHECK, "validate", clean, "--fail-on", "bogus,not-understood"], capture_output=True,
                           text=True)
        check(r.returncode == 2 and "--fail-on" in r.stderr, "bad --fail-on: %d %s" % (r.returncode, r.stderr))
    finally:
        shutil.rmtree(t)
    finish()


main()
