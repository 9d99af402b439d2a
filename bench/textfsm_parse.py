#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The peer side of bench/parse_vs_textfsm.sh: TextFSM (Debian's python3-textfsm) with the
ntc-templates template, on the same input, timed the same way (parse only, repeated for a budget).
Prints: bytes=<n> runs=<n> seconds=<s> mb_per_s=<x> records=<n>"""
import sys, time

import textfsm

template, data_file, budget = sys.argv[1], sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
data = open(data_file).read()
runs, t0 = 0, time.monotonic()
while True:
    with open(template) as f:
        fsm = textfsm.TextFSM(f)
    records = fsm.ParseText(data)
    runs += 1
    t = time.monotonic() - t0
    if t >= budget:
        break
print("bytes=%d runs=%d seconds=%.3f mb_per_s=%.3f records=%d" % (len(data.encode()), runs, t,
                                                                   len(data.encode()) * runs / t / 1e6, len(records)))
