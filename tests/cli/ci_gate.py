#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The CI gate on a network-config repository, as examples/ci/ sets it up, end to end:

- a scratch git repository holding the config-repo example (SONiC and EOS configs, declared
  hosts), three commits: clean; a change that makes leaf1's ACL drop UDP 4791; its fix. The
  validate command of examples/ci/github-actions.yml and the script of examples/ci/gitlab-ci.yml
  run as written (sh -c, their variables set as the runners set them) in each: the clean tree
  and the fix exit 0; the fault exits 1 with `::error file=configs/leaf1.json,line=N` on the line
  the change touched, a Code Quality issue at the same place (fields, severities and unique
  fingerprints as GitLab reads them), a SARIF run valid against the 2.1.0 schema with the result at
  SRCROOT-relative configs/leaf1.json:N marked baselineState new;
- judged against a base that has the fault already, an unrelated change exits 0 and annotates
  nothing (the finding is counted existing); --baseline-report's states against edited earlier
  reports (regressed, resolved), and another fabric's report refused;
- a fingerprint stays when lines are added above the finding, and the SARIF default lists no
  passing result;
- GitHub's escaping: a line not understood carrying %, CR, ':' ',' and an ESC cannot start a
  workflow command or reach the log as a terminal sequence;
- .pre-commit-hooks.yaml with Debian's pre-commit, offline (the project path as the hooks'
  repository): committing the fault is refused by both hooks, committing its fix goes through.

usage: ci_gate.py FABCHECK
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fctest import check, finish, skipped  # noqa: E402

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SHARED = os.environ.get("FABCHECK_SHARED", os.path.join(ROOT, "..", "shared"))
EX = os.path.join(ROOT, "inventories", "examples", "config-repo")


T = tempfile.mkdtemp(prefix="fc-ci-")
REPO = os.path.join(T, "repo")
ENV = dict(os.environ, HOME=os.path.join(T, "home"), PATH=os.pathsep.join(
    [os.path.dirname(FABCHECK), os.path.join(ROOT, "examples", "ci"), os.environ.get("PATH", "")]),
    GIT_AUTHOR_NAME="ci", GIT_AUTHOR_EMAIL="ci@example.invalid", GIT_COMMITTER_NAME="ci",
    GIT_COMMITTER_EMAIL="ci@example.invalid", PRE_COMMIT_HOME=os.path.join(T, "pre-commit"), NO_COLOR="1")
os.makedirs(ENV["HOME"])


def sh(cmd, env=None, cwd=REPO):
    p = subprocess.run(cmd, shell=isinstance(cmd, str), cwd=cwd, env=dict(ENV, **(env or {})),
                       capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def git(*args):
    code, out, err = sh(["git"] + list(args))
    check(code == 0, "git %s: %s" % (" ".join(args), err[:300]))
    return out.strip()


def edit(rel, old, new):
    path = os.path.join(REPO, rel)
    text = open(path, encoding="utf-8").read()
    check(old in text, "%s: the text this test edits: %r" % (rel, old))
    open(path, "w", encoding="utf-8").write(text.replace(old, new))


def changed_lines(a, b, rel):
    """The lines of rel at b that the change a..b added or changed."""
    out = git("diff", "-U0", a, b, "--", rel)
    lines = set()
    for m in re.finditer(r"^@@ -\S+ \+(\d+)(?:,(\d+))? @@", out, re.M):
        start, n = int(m.group(1)), int(m.group(2) or 1)
        lines.update(range(start, start + n))
    return lines


def commands():
    """The validate commands the two example CI files run, as written."""
    gh = yaml.safe_load(open(os.path.join(ROOT, "examples/ci/github-actions.yml")))
    step = [s for s in gh["jobs"]["fabcheck"]["steps"] if s.get("name") == "Validate what the change adds"][0]
    gl = yaml.safe_load(open(os.path.join(ROOT, "examples/ci/gitlab-ci.yml")))
    script = [c for c in gl["fabcheck"]["script"] if "fabcheck" in c]
    check(len(script) == 1, "gitlab-ci.yml: one fabcheck command in the script: %s" % script)
    return step["run"], script[0]


def gh_run(cmd, base):
    return sh(cmd, {"BASE": base})


def gl_run(cmd, base):
    return sh(cmd, {"CI_MERGE_REQUEST_DIFF_BASE_SHA": base, "CI_COMMIT_BEFORE_SHA": ""})


def errors(out):
    return [l for l in out.splitlines() if l.startswith("::error ")]


def schema_check(sarif_path, label):
    schema = os.path.join(SHARED, "schemas", "sarif-schema-2.1.0.json")
    if not os.path.exists(schema):
        skipped("%s not present: %s's SARIF is not checked against the schema" % (schema, label))
        return
    import jsonschema
    try:
        jsonschema.validate(json.load(open(sarif_path)), json.load(open(schema)))
    except jsonschema.ValidationError as e:
        check(False, "%s: SARIF not valid: %s" % (label, str(e)[:300]))


def codequality_check(path, label):
    issues = json.load(open(path))
    for i in issues:
        check(set(i) >= {"description", "check_name", "fingerprint", "severity", "location"} and
              i["severity"] in ("info", "minor", "major", "critical", "blocker") and
              isinstance(i["location"].get("lines", {}).get("begin"), int) and
              not os.path.isabs(i["location"]["path"]), "%s: code quality issue %s" % (label, i))
    fps = [i["fingerprint"] for i in issues]
    check(len(fps) == len(set(fps)), "%s: code quality fingerprints repeat" % label)
    return issues


def main():
    gh_cmd, gl_cmd = commands()
    shutil.copytree(EX, REPO)
    git("init", "-q", "-b", "main")
    # 1. clean: the example with its ACL fixed
    edit("configs/leaf1.json", '"L4_DST_PORT_RANGE": "4000-5000"', '"L4_DST_PORT_RANGE": "5000-5100"')
    git("add", "-A")
    git("commit", "-qm", "clean")
    c1 = git("rev-parse", "HEAD")
    code, out, err = sh([FABCHECK, "validate", "inventory.yaml"])
    check(code == 0, "clean: exit %d: %s" % (code, (out + err)[-400:]))

    # 2. a change that adds the fault
    edit("configs/leaf1.json", '"L4_DST_PORT_RANGE": "5000-5100"', '"L4_DST_PORT_RANGE": "4700-4800"')
    git("commit", "-qam", "widen EDGE_IN")
    c2 = git("rev-parse", "HEAD")
    want = changed_lines(c1, c2, "configs/leaf1.json")
    code, out, err = gh_run(gh_cmd, c1)
    check(code == 1, "github, the fault: exit %d, want 1: %s" % (code, err[-400:]))
    errs = errors(out)
    hit = [e for e in errs if re.match(r"::error file=configs/leaf1\.json,line=(\d+),title=UDP4791-SWITCH-ACL::", e)
           and int(re.match(r".*?line=(\d+)", e).group(1)) in want]
    check(len(errs) == 1 and hit, "github, the fault: one ::error on configs/leaf1.json line %s: %s" % (sorted(want), errs))
    sarif = json.load(open(os.path.join(REPO, "fabcheck.sarif")))
    run = sarif["runs"][0]
    res = [r for r in run["results"] if r["ruleId"] == "UDP4791-SWITCH-ACL"]
    loc = res[0]["locations"][0]["physicalLocation"] if res else {}
    check(res and loc["artifactLocation"] == {"uri": "configs/leaf1.json", "uriBaseId": "SRCROOT"} and
          loc["region"]["startLine"] in want and res[0].get("baselineState") == "new",
          "sarif, the fault: %s" % (res[:1],))
    check(run.get("originalUriBaseIds", {}).get("SRCROOT", {}).get("uri") == "file://%s/" % os.path.realpath(REPO),
          "sarif: SRCROOT is %s" % run.get("originalUriBaseIds"))
    check(run.get("automationDetails", {}).get("id") == "fabcheck/config-repo/", "sarif: %s" % run.get("automationDetails"))
    check(not [r for r in run["results"] if r.get("kind") == "pass"], "sarif lists passing results by default")
    schema_check(os.path.join(REPO, "fabcheck.sarif"), "the fault")
    rep = json.load(open(os.path.join(REPO, "fabcheck.json")))
    check(rep["summary"].get("baseline_report", {}).get("new") == 1 and
          [f["baseline"] for f in rep["findings"] if f["status"] == "fail"] == ["new"],
          "json, the fault: %s" % rep["summary"].get("baseline_report"))
    print("the fault: exit 1, %s" % hit[0][:110] if hit else "the fault: no annotation")
    code, out, err = gl_run(gl_cmd, c1)
    check(code == 1, "gitlab, the fault: exit %d, want 1: %s" % (code, err[-400:]))
    issues = codequality_check(os.path.join(REPO, "gl-code-quality-report.json"), "the fault")
    acl = [i for i in issues if i["check_name"] == "UDP4791-SWITCH-ACL"]
    check(len(acl) == 1 and acl[0]["location"]["path"] == "configs/leaf1.json" and
          acl[0]["location"]["lines"]["begin"] in want and acl[0]["severity"] in ("critical", "blocker"),
          "codequality, the fault: %s" % acl)
    check(os.path.exists(os.path.join(REPO, "fabcheck-junit.xml")), "gitlab: no JUnit report")

    # a line added above the finding: the same fingerprints, another line
    fp_before = {i["check_name"]: i["fingerprint"] for i in issues}
    path = os.path.join(REPO, "configs/leaf2.cfg")
    text = open(path).read()
    open(path, "w").write("! a comment added at the top\n" + text)
    sh(gl_cmd, {"CI_MERGE_REQUEST_DIFF_BASE_SHA": c1})
    after = codequality_check(os.path.join(REPO, "gl-code-quality-report.json"), "a line added")
    check({i["check_name"]: i["fingerprint"] for i in after} == fp_before, "fingerprints changed with a line added above")
    git("checkout", "-q", "--", "configs/leaf2.cfg")

    # judged against a base that has the fault: an unrelated change fails nothing
    git("checkout", "-q", "-b", "other", c2)
    edit("configs/leaf2.cfg", "interface Ethernet2/1", "interface Ethernet2/1\n   description gpu3")
    git("commit", "-qam", "describe a port")
    code, out, err = gh_run(gh_cmd, c2)
    check(code == 0 and not errors(out) and re.search(r": 0 new, 0 regressed, [1-9]\d* existing", out),
          "an unrelated change on a base with the fault: exit %d, %s" % (code, out[-300:]))
    print("an unrelated change, the fault in its base: exit 0, no annotation (%s)" %
          [l for l in out.splitlines() if "existing" in l][:1])
    git("checkout", "-q", "main")

    # 3. the fix
    edit("configs/leaf1.json", '"L4_DST_PORT_RANGE": "4700-4800"', '"L4_DST_PORT_RANGE": "5000-5100"')
    git("commit", "-qam", "narrow EDGE_IN again")
    for label, base in (("the fix against the fault", c2), ("the fix against main", c1)):
        code, out, err = gh_run(gh_cmd, base)
        check(code == 0 and not errors(out), "github, %s: exit %d: %s" % (label, code, out[-300:]))
        code, out, err = gl_run(gl_cmd, base)
        check(code == 0, "gitlab, %s: exit %d" % (label, code))
    check(not [i for i in json.load(open(os.path.join(REPO, "gl-code-quality-report.json")))
               if i["severity"] in ("critical", "blocker")], "the fix: code quality still has a blocker")
    print("the fix: exit 0 against the fault and against main")

    baseline_states()
    escaping()
    pre_commit()


def baseline_states():
    """--baseline-report's states on the config-repo example (its ACL fault) against reports of it
    edited as an earlier judgement would differ: the fault at a lower severity is regressed (exit
    1); a failure the earlier report had and this one does not is resolved; the same report marks
    everything existing (exit 0); another fabric's report is refused (exit 2)."""
    inv = os.path.join(EX, "inventory.yaml")
    code, out, err = sh([FABCHECK, "validate", inv, "--format", "json"], cwd=ROOT)
    base = json.loads(out)
    cases = []
    same = os.path.join(T, "same.json")
    json.dump(base, open(same, "w"))
    cases.append(("the same report", same, 0, {"new": 0, "regressed": 0, "resolved": 0}))
    low = json.loads(out)
    for f in low["findings"]:
        if f["status"] == "fail":
            f["severity"] = "low"
    low["findings"].append(dict(low["findings"][0], rule="MTU-HOST-SWITCH", subject="leaf1:Ethernet8 <-> gpu1:ens1f0",
                                status="fail", severity="high", message="an earlier failure"))
    lowp = os.path.join(T, "low.json")
    json.dump(low, open(lowp, "w"))
    cases.append(("the fault at a lower severity before", lowp, 1, {"new": 0, "regressed": 1, "resolved": 1}))
    other = json.loads(out)
    other["fabric"] = "another"
    otherp = os.path.join(T, "other.json")
    json.dump(other, open(otherp, "w"))
    for label, path, want, counts in cases:
        code, out2, err = sh([FABCHECK, "validate", inv, "--format", "json", "--baseline-report", path], cwd=ROOT)
        got = json.loads(out2)["summary"].get("baseline_report", {}) if out2 else {}
        check(code == want and all(got.get(k) == v for k, v in counts.items()),
              "--baseline-report, %s: exit %d, %s; want exit %d, %s" % (label, code, got, want, counts))
    code, out2, err = sh([FABCHECK, "validate", inv, "--baseline-report", otherp], cwd=ROOT)
    check(code == 2 and "fabric" in err, "--baseline-report, another fabric's: exit %d: %s" % (code, err[:200]))
    print("--baseline-report: existing (exit 0), regressed and resolved (exit 1), another fabric refused (exit 2)")


def escaping():
    """A line no reader understands, with what GitHub's parser would act on."""
    d = os.path.join(T, "esc")
    os.makedirs(d)
    cfg = "leaf,2:x.cfg"   # a file name with what a property must escape
    shutil.copy(os.path.join(EX, "configs/leaf2.cfg"), os.path.join(d, cfg))
    with open(os.path.join(d, cfg), "a") as f:
        f.write("frobnicate 100%0A::error file=x,line=1::injected, a:b \x1b[31mred\r\n")
    open(d + "/inventory.yaml", "w").write(
        "version: 1\nfabric: {name: esc}\ndevices:\n  - {name: leaf2, platform: eos, config: \"%s\"}\n" % cfg)
    code, out, err = sh([FABCHECK, "validate", "inventory.yaml", "--format", "github"], cwd=d)
    bad = [l for l in out.splitlines() if l.startswith("::") and "injected" in l]
    check(len(bad) == 1 and bad[0].startswith("::warning file=leaf%2C2%3Ax.cfg,line=") and "%250A::error" in bad[0]
          and "\x1b" not in out and "\r" not in out, "github escaping: %r" % bad)
    check(not [l for l in out.splitlines() if l.startswith("::error")], "github escaping: an ::error was injected")
    # a line not understood keeps its fingerprint when a line is added above it (SARIF, codequality)
    def nu():
        code, out, err = sh([FABCHECK, "validate", "inventory.yaml", "--format", "codequality=cq.json",
                             "--format", "sarif=r.sarif"], cwd=d)
        cq = [(i["fingerprint"], i["location"]["lines"]["begin"]) for i in json.load(open(d + "/cq.json"))
              if i["check_name"] == "NOT-UNDERSTOOD"]
        sa = [(r["partialFingerprints"]["fabcheck/v1"], r["locations"][0]["physicalLocation"]["region"]["startLine"])
              for r in json.load(open(d + "/r.sarif"))["runs"][0]["results"] if r["ruleId"] == "NOT-UNDERSTOOD"]
        return cq, sa
    cq1, sa1 = nu()
    path = os.path.join(d, cfg)
    text = open(path, newline="").read()
    open(path, "w", newline="").write("! a line above\n" + text)
    cq2, sa2 = nu()
    check(cq1 and [f for f, _ in cq1] == [f for f, _ in cq2] and [l + 1 for _, l in cq1] == [l for _, l in cq2] and
          [f for f, _ in sa1] == [f for f, _ in cq1] and [f for f, _ in sa2] == [f for f, _ in sa1],
          "not understood: fingerprints %s -> %s, SARIF %s -> %s" % (cq1, cq2, sa1, sa2))
    print("github escaping: %s" % (bad[0][:120] if bad else None))


def pre_commit():
    if not shutil.which("pre-commit", path=ENV["PATH"]):
        print("SKIP (part): pre-commit is not installed (Debian package pre-commit): the hooks are not tried")
        return
    if subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True).returncode != 0:
        print("SKIP (part): %s is no git checkout: pre-commit cannot take the hooks from it" % ROOT)
        return
    rev = subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    committed = subprocess.run(["git", "-C", ROOT, "show", "HEAD:.pre-commit-hooks.yaml"], capture_output=True, text=True)
    check(committed.returncode == 0 and committed.stdout == open(os.path.join(ROOT, ".pre-commit-hooks.yaml")).read(),
          ".pre-commit-hooks.yaml differs from the committed one: pre-commit takes HEAD's (commit it first)")
    for hook in ("fabcheck-validate", "fabcheck-change"):
        open(os.path.join(REPO, ".pre-commit-config.yaml"), "w").write(
            "repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n" % (ROOT, rev, hook))
        git("add", ".pre-commit-config.yaml")
        git("commit", "-qm", "pre-commit: %s" % hook, "--no-verify")
        code, out, err = sh(["pre-commit", "install"])
        check(code == 0, "pre-commit install: %s" % (out + err)[-300:])
        edit("configs/leaf1.json", '"L4_DST_PORT_RANGE": "5000-5100"', '"L4_DST_PORT_RANGE": "4700-4800"')
        git("add", "-A")
        code, out, err = sh(["git", "commit", "-qm", "the fault again"])
        check(code != 0 and "UDP4791-SWITCH-ACL" in out + err, "pre-commit %s let the fault in: exit %d: %s" % (
            hook, code, (out + err)[-500:]))
        edit("configs/leaf1.json", '"L4_DST_PORT_RANGE": "4700-4800"', '"L4_DST_PORT_RANGE": "5000-5100"')
        open(os.path.join(REPO, "configs/leaf2.cfg"), "a").write("! %s\n" % hook)
        git("add", "-A")
        code, out, err = sh(["git", "commit", "-qm", "a harmless change"])
        check(code == 0, "pre-commit %s refused a clean change: %s" % (hook, (out + err)[-500:]))
        print("pre-commit %s: the fault refused, a clean change committed" % hook)


try:
    main()
finally:
    shutil.rmtree(T, ignore_errors=True)
finish()
print("ci_gate: ok")
