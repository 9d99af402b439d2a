# SPDX-License-Identifier: MIT
"""What the Python CLI tests share: check() records a failed expectation and goes on (so one run
shows every failure), finish() ends the test, exit 1 when any was recorded."""
import sys

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def finish():
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
