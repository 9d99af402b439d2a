# SPDX-License-Identifier: MIT
"""What the Python CLI tests share: check() records a failed expectation and goes on (so one run
shows every failure), skipped() notes a part that needs ../shared and did not run, finish() ends the
test: exit 1 when any failure was recorded, else 77 (ctest: Skipped) when a part was skipped."""
import sys

failures = []
skips = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def skipped(what):
    print("SKIP (part): %s" % what)
    skips.append(what)


def finish():
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    if skips:
        sys.exit(77)
