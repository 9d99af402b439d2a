#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Checks that every fault bench/gen_fabric.py planted (its planted.json) fails its rule on its
subject in a fabcheck JSON report. The report is read as a stream: the JSON reporter writes one
finding per line, and only failing ones are parsed (the whole report is gigabytes at 4,000 leaves).
A subject matches a finding's subject, either end of a link subject ("a:if <-> b:if"), or the port
a per-port QoS subject starts with ("leaf0009:Ethernet1/9 RoCE DSCP 26").

usage: check_planted.py PLANTED_JSON REPORT_JSON [--no-runtime]   (--no-runtime: the report has no
--baseline, so the faults planted in the counters are not expected); exit 1 when one is not found"""
import json, sys


def failing(report):
    with open(report) as f:
        for line in f:
            line = line.strip().rstrip(",")
            if line.startswith('{"rule":') and '"status":"fail"' in line:
                yield json.loads(line)


def ends(subject):
    return [subject, subject.split(" RoCE")[0]] + subject.split(" <-> ")


def main():
    planted = json.load(open(sys.argv[1]))
    if "--no-runtime" in sys.argv[3:]:
        planted = [p for p in planted if not p.get("runtime")]
    fails = list(failing(sys.argv[2]))
    bad = [p for p in planted if not any(f["rule"] == p["rule"] and p["subject"] in ends(f["subject"]) for f in fails)]
    print("planted faults found: %d of %d (%d failing findings in all)%s" % (
        len(planted) - len(bad), len(planted), len(fails),
        "".join("\nNOT FOUND: %(id)s: %(rule)s on %(subject)s" % p for p in bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
