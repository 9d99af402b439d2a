# SPDX-License-Identifier: MIT
"""Asserting findings in fabcheck JSON reports, for the rule tests (tests/cli/rules_*.sh).

    from findings import Reports, link
    R = Reports({"a": "a.json", ...})        # or Reports.of_dir(t, ["a", "b"]) for t/a.json, t/b.json
    R.want("a", "FEC-MATCH", link("leaf1:Ethernet1/1", "host1:ens1f0"), "fail", "text in the message")
A finding is found by (rule, subject); its status must match and its message contain the text."""
import json


def link(a, b):
    """A link finding's subject."""
    return "%s <-> %s" % (a, b)


class Reports:
    def __init__(self, paths):
        self.runs = {n: {(x["rule"], x["subject"]): x for x in json.load(open(p))["findings"]}
                     for n, p in paths.items()}
        self.checked = set()

    @classmethod
    def of_dir(cls, d, names):
        return cls({n: "%s/%s.json" % (d, n) for n in names})

    def get(self, run, rid, subj):
        x = self.runs[run].get((rid, subj))
        assert x, (run, rid, subj, "no finding")
        return x

    def want(self, run, rid, subj, status, text):
        self.checked.add((run, rid, subj))
        x = self.get(run, rid, subj)
        assert x["status"] == status and text in x["message"], (run, rid, subj, x["status"], x["message"])
        return x

    def summary(self, name):
        return "%s: %d cases over %d runs" % (name, len(self.checked), len(self.runs))
