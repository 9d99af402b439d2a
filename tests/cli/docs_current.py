#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The documents say what the binary does:
- docs/inventory.md's platform line lists every platform of the registry (`fabcheck help`);
- docs/policy.md lists every parameter of every rule with its default and range, as
  `fabcheck explain` gives them, and nothing else;
- the refusals docs/policy.md shows are what fabcheck prints for those policies;
- `fabcheck explain` prints every rule page without Markdown markup (a terminal's text).
usage: docs_current.py FABCHECK"""
import os, re, subprocess, sys, tempfile

fabcheck = sys.argv[1]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(*args):
    return subprocess.run([fabcheck] + list(args), capture_output=True, text=True)


helptext = run("help").stdout
plats = re.findall(r"^  (\w+) ", helptext.split("\nPlatforms")[1].split("\n\n")[0], re.M)
line = [l for l in open("docs/inventory.md") if re.match(r"\s*platform: \w+\s+#", l)]
check(line, "docs/inventory.md: no 'platform: X  # a | b' line")
listed = set(re.findall(r"\w+", line[0].split("#", 1)[1])) if line else set()
check(set(plats) == listed, "docs/inventory.md lists platforms %s, the registry has %s" % (sorted(listed), plats))

policy = open("docs/policy.md").read()
rows = set(re.findall(r"^\| (\S+) \| `(\w+)` \| ([^|]*?) \| ([^|]*?) \|", policy, re.M))
want = set()
for rule in [l.split()[0] for l in run("rules").stdout.splitlines()]:
    page = run("explain", rule).stdout
    for m in re.finditer(r"^Parameter (\S+) \(default ([^;]*); (.*?)\): ", page, re.M):
        want.add((rule, m.group(1), m.group(2), m.group(3)))
    # the page as a terminal shows it: no Markdown markup left
    check("**" not in page and "`" not in page and "](" not in page, "explain %s prints Markdown: %s" % (
        rule, [l for l in page.splitlines() if "**" in l or "`" in l or "](" in l][:2]))
check(len(want) >= 20, "only %d rule parameters found through explain" % len(want))
for r in sorted(want - rows):
    check(False, "docs/policy.md lacks %s %s (default %s; %s)" % r)
for r in sorted(rows - want):
    check(False, "docs/policy.md lists %s %s (default %s; %s), which the rule does not have" % r)

t = tempfile.mkdtemp()
for shown in re.findall(r"^    (fabcheck: policy\.yaml:\d+: .*)$", policy, re.M):
    body = {"policy: unknown key 'parameters'": "parameters:\n  HR-SIZE: {}\n",
            "no parameter 'min_headroom'": "rules:\n  HR-SIZE:\n    params:\n      min_headroom: 5\n"}
    text = [v for k, v in body.items() if k in shown]
    check(text, "docs/policy.md shows a refusal this test has no policy for: %s" % shown)
    if not text:
        continue
    open(os.path.join(t, "policy.yaml"), "w").write(text[0])
    r = subprocess.run([fabcheck, "validate", os.path.abspath("inventories/demo"), "--policy", "policy.yaml"],
                       capture_output=True, text=True, cwd=t)
    got = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ""
    check(r.returncode == 2 and got == shown, "the refusal docs/policy.md shows:\n  %s\nfabcheck prints (exit %d):\n  %s" % (
        shown, r.returncode, got))
if failures:
    sys.exit("%d failure(s)" % len(failures))
print("docs_current: %d platforms in docs/inventory.md, %d rule parameters and the refusals in docs/policy.md, as the "
      "binary has them" % (len(plats), len(want)))
