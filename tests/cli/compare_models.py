#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Compares two models `fabcheck parse` printed for the same host read two ways (the probe and
the agentless capture): every value must be equal; a field unknown on both sides counts as
agreeing (each path words its reason its own way); sources (file:line) are not compared, the
files differ, and neither is the time each read ran. Prints the number of values compared; exits 1 naming the first difference.

usage: compare_models.py A.model B.model [LABEL]"""
import sys

import fcmodel  # fabcheck parse output, expanded


def strip(x):
    """Sources (the files differ) and the time each read ran (taken_at) are not compared."""
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in ("source", "taken_at")}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x


def compare(a, b):
    n = 0

    def walk(x, y, path):
        nonlocal n
        if isinstance(x, dict) and isinstance(y, dict) and "unknown" in x and "unknown" in y:
            n += 1
        elif isinstance(x, dict) and isinstance(y, dict):
            for k in sorted(set(x) | set(y)):
                if k not in x or k not in y:
                    raise AssertionError("%s.%s: only in %s" % (path, k, "the first" if k in x else "the second"))
                walk(x[k], y[k], path + "." + k)
        elif isinstance(x, list) and isinstance(y, list):
            if len(x) != len(y):
                raise AssertionError("%s: %d vs %d items" % (path, len(x), len(y)))
            for i, (p, q) in enumerate(zip(x, y)):
                walk(p, q, "%s[%d]" % (path, i))
        elif x != y:
            raise AssertionError("%s: %r vs %r" % (path, x, y))
        else:
            n += 1

    walk(strip(a), strip(b), "model")
    return n


if __name__ == "__main__":
    a, b = (fcmodel.load(p) for p in sys.argv[1:3])
    try:
        n = compare(a, b)
    except AssertionError as e:
        print("FAIL: %s differs: %s" % (sys.argv[3] if len(sys.argv) > 3 else "model", e))
        sys.exit(1)
    print(n)
