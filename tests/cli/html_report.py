#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The HTML report in a real headless Chromium driven by Selenium (Debian chromium, chromium-driver,
python3-selenium), opened from file:// with the network switched off.

For the demo (four planted faults), the spine-leaf example, the spine-leaf example with the
generator's planted faults, and a demo copy whose device strings hold <script> and markup:
- no console error and no request other than the page itself (DevTools performance log);
- the scorecard's numbers equal the JSON report's (status by severity, computed from its findings,
  and its summary);
- each filter (status, severity, rule, device, link, text) narrows the table to the rows the JSON
  report says it should;
- a finding's evidence expands and shows file:line;
- the link matrix marks exactly the cells of the planted faults; at 1,400 px the problems table
  shows each failing cell without scrolling sideways and links to the findings of its link; the
  matrix's headers are opaque and its link column sticky; the rule filter takes a prefix (HR-);
- without JavaScript the page still shows every row, and hides the filters;
- a device string with <script> renders as text and runs nothing.
Screenshots go to $FABCHECK_ARTIFACTS/html (default: build dir's artifacts/html).

usage: html_report.py FABCHECK ARTIFACT_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
except ImportError:
    print("SKIP: python3-selenium is not installed (scripts/dev installs it)")
    sys.exit(77)

FABCHECK = os.path.abspath(sys.argv[1])
ART = os.path.abspath(sys.argv[2])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMEDRIVER = "/usr/bin/chromedriver"
if not os.path.exists(CHROMEDRIVER) or not shutil.which("chromium"):
    print("SKIP: chromium / chromium-driver are not installed (scripts/dev installs them)")
    sys.exit(77)
os.makedirs(ART, exist_ok=True)
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def browser(js=True):
    o = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1600,1200", "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--disable-default-apps"):
        o.add_argument(a)
    if not js:
        o.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    o.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=o)
    # no network: any request that is not the file itself fails (and is logged below)
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.emulateNetworkConditions",
                      {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
    return d


def validate(target, name, tmp, extra=()):
    html = os.path.join(tmp, name + ".html")
    js = os.path.join(tmp, name + ".json")
    r = subprocess.run([FABCHECK, "validate", target, "--format", "html=" + html, "--format", "json=" + js]
                       + list(extra), capture_output=True, text=True)
    check(r.returncode in (0, 1), "%s: validate exit %d: %s" % (name, r.returncode, r.stderr))
    return html, json.load(open(js))


def requests_and_errors(d, page):
    reqs = []
    for e in d.get_log("performance"):
        m = json.loads(e["message"])["message"]
        if m.get("method") == "Network.requestWillBeSent":
            reqs.append(m["params"]["request"]["url"])
    others = [u for u in reqs if u != "file://" + page and not u.startswith("data:")]
    errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
    return others, errors


def visible_rows(d):
    """How many findings rows show (one script call: a WebDriver round trip per row is minutes)."""
    return d.execute_script("return [].filter.call(document.querySelectorAll('#findings > tbody > tr'),"
                            " function (r) { return !r.hidden && r.getClientRects().length > 0; }).length")


def set_input(d, el_id, value):
    el = d.find_element(By.ID, el_id)
    if el.tag_name == "select":
        Select(el).select_by_value(value)
    else:
        el.clear()
        if value:
            el.send_keys(value)
    d.execute_script("arguments[0].dispatchEvent(new Event('input'))", el)


def cat(f):
    return "waived" if f.get("waived") else f["status"]


def devices_of(f):
    if f["scope"] == "link":
        return {end.split(":")[0] for end in f["subject"].split(" <-> ")}
    return {f["subject"].split(":")[0]} if f["scope"] == "device" else set()


def folded(rep):
    """The rows the table has: UNKNOWNs of one rule and message on 5 or more subjects are one row."""
    groups = {}
    for f in rep["findings"]:
        if f["status"] == "unknown" and not f.get("waived"):
            groups.setdefault((f["rule"], f["message"]), []).append(f)
    rows = []
    for f in rep["findings"]:
        g = groups.get((f["rule"], f["message"])) if f["status"] == "unknown" and not f.get("waived") else None
        if g and len(g) >= 5:
            if g[0] is f:
                rows.append(dict(f, _devs=set().union(*[devices_of(x) for x in g[:3]]), _link=""))
            continue
        rows.append(dict(f, _devs=devices_of(f), _link=f["subject"] if f["scope"] == "link" else ""))
    return rows


def scorecard(d, rep, name):
    want = {}
    for f in rep["findings"]:
        want[(cat(f), f["severity"])] = want.get((cat(f), f["severity"]), 0) + 1
    s = rep["summary"]
    for c in ("pass", "fail", "warn", "unknown", "waived"):
        got = int(d.find_element(By.ID, "score-" + c).text)
        check(got == s[c], "%s: scorecard %s %d, JSON summary %d" % (name, c, got, s[c]))
        for sev in ("critical", "high", "medium", "low", "info"):
            got = int(d.find_element(By.ID, "score-%s-%s" % (c, sev)).text)
            check(got == want.get((c, sev), 0), "%s: scorecard %s/%s %d, JSON %d" % (name, c, sev, got, want.get((c, sev), 0)))
    cat_line = d.find_element(By.ID, "catalog").text
    check(cat_line == rep["rule_catalog"], "%s: rule catalog %r vs JSON %r" % (name, cat_line, rep["rule_catalog"]))


def filters(d, rep, name):
    rows = folded(rep)
    total = visible_rows(d)
    check(total == len(rows), "%s: %d rows shown, JSON gives %d" % (name, total, len(rows)))
    cases = [
        ("f-status", "fail", lambda f: cat(f) == "fail"),
        ("f-status", "unknown", lambda f: cat(f) == "unknown"),
        ("f-sev", "critical", lambda f: f["severity"] == "critical"),
        ("f-rule", "HR-SIZE", lambda f: f["rule"] == "HR-SIZE"),
        ("f-rule", "HR-", lambda f: f["rule"].startswith("HR-")),   # a prefix: the rule family
        ("f-rule", "gid", lambda f: f["rule"].startswith("GID")),
        ("f-dev", "host3", lambda f: "host3" in f["_devs"]),
        ("f-link", "leaf2:Ethernet1/50/1", lambda f: "leaf2:ethernet1/50/1" in f["_link"].lower()),
    ]
    for el, value, pick in cases:
        set_input(d, el, value)
        got = visible_rows(d)
        want = sum(1 for f in rows if pick(f))
        check(got == want, "%s: filter %s=%s shows %d rows, expected %d" % (name, el, value, got, want))
        check(want < total or want == 0 or name != "demo", "%s: filter %s=%s does not narrow" % (name, el, value))
        set_input(d, el, "")
    # free text: every row whose text holds it (message, subject, rule, evidence)
    set_input(d, "f-text", "rs544")
    got = visible_rows(d)
    want = sum(1 for f in rows if "rs544" in json.dumps({k: v for k, v in f.items() if not k.startswith("_")}).lower())
    check(got == want and (want > 0 or name != "demo"), "%s: text filter shows %d rows, expected %d" % (name, got, want))
    set_input(d, "f-text", "")
    check(visible_rows(d) == total, "%s: clearing the filters does not bring every row back" % name)


def evidence(d, name):
    dets = d.find_elements(By.CSS_SELECTOR, "#findings > tbody > tr[data-status=fail] details, "
                                            "#findings > tbody > tr[data-status=unknown] details")
    if not dets:
        return
    det = dets[0]
    check(det.get_attribute("open") is None, "%s: evidence open before a click" % name)
    det.find_element(By.TAG_NAME, "summary").click()
    check(det.get_attribute("open") is not None, "%s: evidence does not expand" % name)
    text = det.text
    check(re.search(r"\S+:\d+", text) is not None, "%s: expanded evidence has no file:line: %r" % (name, text[:200]))


def marked_cells(d):
    out = set()
    for tr in d.find_elements(By.CSS_SELECTOR, "#matrix tbody tr"):
        link = tr.find_element(By.TAG_NAME, "th").text.split("\n")[0]
        for td in tr.find_elements(By.CSS_SELECTOR, "td.m-fail"):
            out.add((link, int(td.get_attribute("data-col")), td.get_attribute("data-end")))
    return out


def problems_first(d, rep, name):
    """At 1,400 px the failing and warning cells are on screen without scrolling sideways: the
    problems table lists each (the failing cells of the matrix, no other) within the window's width;
    its link to the findings filters them to that link. The matrix's headers are opaque and its link
    column stays in view (sticky) when the matrix scrolls."""
    d.set_window_size(1400, 1000)
    want = {c for c in marked_cells(d)}
    got, right = set(), 0
    for tr in d.find_elements(By.CSS_SELECTOR, "#problems tbody tr"):
        link = tr.find_element(By.TAG_NAME, "th").text
        for td in tr.find_elements(By.CSS_SELECTOR, "td.m-fail"):
            got.add((link, int(td.get_attribute("data-col")), td.get_attribute("data-end")))
    check(got == want, "%s: problems table %s, the matrix's failing cells %s" % (name, sorted(got), sorted(want)))
    if got:
        right = d.execute_script("return document.getElementById('problems').getBoundingClientRect().right")
        width = d.execute_script("return document.documentElement.clientWidth")
        check(right <= width, "%s: the problems table is %d px wide in a %d px window" % (name, right, width))
        a = d.find_element(By.CSS_SELECTOR, "#problems a.to-findings")
        link = a.get_attribute("data-link")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", a)   # clear of the sticky headers
        a.click()
        shown = visible_rows(d)
        want_rows = sum(1 for f in folded(rep) if link.lower() in f["_link"].lower())
        check(shown == want_rows and shown > 0, "%s: the findings link of %s shows %d rows, expected %d" % (
            name, link, shown, want_rows))
        set_input(d, "f-link", "")
    for sel in ("#matrix thead th", "#matrix tbody th"):
        bg = d.execute_script("var e=document.querySelector(arguments[0]);return e?getComputedStyle(e).backgroundColor:''",
                              sel)
        check(bg and bg not in ("transparent", "rgba(0, 0, 0, 0)"), "%s: %s is see-through (%r)" % (name, sel, bg))
    pos = d.execute_script("var e=document.querySelector('#matrix tbody th');return e?getComputedStyle(e).position:''")
    check(pos == "sticky", "%s: the matrix's link column is not sticky (%r)" % (name, pos))
    d.set_window_size(1600, 1200)


# matrix columns (enum fc_aspect)
L1, FEC, MTU, PFC, TRUST, ECN, HEADROOM, OPTICS, ACL, CABLING = range(1, 11)


def page(d, path, name, rep, want_marks=None):
    d.get("file://" + path)
    d.save_screenshot(os.path.join(ART, name + ".png"))
    full = d.execute_script("return document.body.scrollHeight")
    d.set_window_size(1600, min(full + 100, 8000))
    d.save_screenshot(os.path.join(ART, name + "-full.png"))
    d.set_window_size(1600, 1200)
    scorecard(d, rep, name)
    filters(d, rep, name)
    evidence(d, name)
    d.find_element(By.ID, "links").screenshot(os.path.join(ART, name + "-links.png"))
    if want_marks is not None:
        got = marked_cells(d)
        check(got == want_marks, "%s: link matrix marks %s, expected %s" % (name, sorted(got), sorted(want_marks)))
    problems_first(d, rep, name)
    others, errors = requests_and_errors(d, path)
    check(not others, "%s: requests left the page: %s" % (name, others))
    check(not errors, "%s: console errors: %s" % (name, errors))


def main():
    tmp = tempfile.mkdtemp()
    try:
        demo_html, demo = validate(os.path.join(ROOT, "inventories/demo"), "demo", tmp)
        sl_html, sl = validate(os.path.join(ROOT, "inventories/examples/spine-leaf"), "spine-leaf", tmp)
        subprocess.run([sys.executable, os.path.join(ROOT, "tests/fixtures/spineleaf.py"), os.path.join(tmp, "slf"),
                        "--fault", "isl-mtu-1500", "--fault", "spine-no-ecn"], check=True)
        slf_html, slf = validate(os.path.join(tmp, "slf"), "spine-leaf-faults", tmp)

        # hostile device strings: an ACL name and an LLDP system name holding markup
        hostile = os.path.join(tmp, "hostile")
        shutil.copytree(os.path.join(ROOT, "inventories/demo"), hostile)
        cfg = os.path.join(hostile, "devices/leaf1/show_running-config.txt")
        s = open(cfg).read().replace("HOST-EDGE-IN", "<script>window.pwned=1</script>")
        open(cfg, "w").write(s)
        lldp = os.path.join(hostile, "devices/leaf1/show_lldp_neighbors_detail.txt")
        s = open(lldp).read()
        s = re.sub(r"(System Name: )\S+", r"\1<img src=x onerror=window.pwned=2>", s, count=1)
        open(lldp, "w").write(s)
        hostile_html, hostile_rep = validate(hostile, "hostile", tmp)

        d = browser()
        try:
            page(d, demo_html, "demo", demo, {
                ("leaf2:Ethernet1/50/1 \u2194 host2:ens1f1", L1, "a"), ("leaf2:Ethernet1/50/1 \u2194 host2:ens1f1", L1, "b"),
                ("leaf2:Ethernet1/50/1 \u2194 host2:ens1f1", FEC, "a"), ("leaf2:Ethernet1/50/1 \u2194 host2:ens1f1", FEC, "b"),
                ("leaf2:Ethernet1/49/2 \u2194 host3:ens1f1", HEADROOM, "b"),
                ("leaf1:Ethernet1/3 \u2194 host3:ens1f0", ACL, "a"), ("leaf1:Ethernet1/3 \u2194 host3:ens1f0", ACL, "b"),
            })
            page(d, sl_html, "spine-leaf", sl, set())
            marks = None
            page(d, slf_html, "spine-leaf-faults", slf, marks)
            got = marked_cells(d)
            cols = {c for (_, c, _) in got}
            check(MTU in cols and ECN in cols, "spine-leaf-faults: MTU and ECN columns not marked: %s" % sorted(got))
            check(all(c in (MTU, ECN, PFC) for c in cols), "spine-leaf-faults: unexpected columns marked: %s" % sorted(got))
            failing_links = {f["subject"].replace(" <-> ", " \u2194 ") for f in slf["findings"]
                             if f["status"] == "fail" and f["scope"] == "link"}
            check({l for (l, _, _) in got} >= failing_links,
                  "spine-leaf-faults: failing links not marked: %s" % (failing_links - {l for (l, _, _) in got}))

            d.get("file://" + hostile_html)
            d.save_screenshot(os.path.join(ART, "hostile.png"))
            check(d.execute_script("return window.pwned === undefined"), "hostile: a device string ran script")
            body = d.find_element(By.TAG_NAME, "body").text
            check("<script>window.pwned=1</script>" in body, "hostile: the <script> ACL name is not shown as text")
            check("<img src=x onerror=window.pwned=2>" in body, "hostile: the LLDP name is not shown as text")
            check(not d.find_elements(By.CSS_SELECTOR, "body script:not(:last-of-type), img"),
                  "hostile: a device string became an element")
            others, errors = requests_and_errors(d, hostile_html)
            check(not others and not errors, "hostile: requests %s, console errors %s" % (others, errors))
        finally:
            d.quit()

        # without script: every row there, the filters hidden
        d = browser(js=False)
        try:
            d.get("file://" + demo_html)
            rows = d.find_elements(By.CSS_SELECTOR, "#findings > tbody > tr")
            # without script nothing can hide a row: every one is there, and the last one shows
            check(len(rows) == len(folded(demo)) and rows[-1].is_displayed(),
                  "no-js: %d rows, expected %d" % (len(rows), len(folded(demo))))
            check(not d.find_element(By.CLASS_NAME, "filters").is_displayed(), "no-js: filters shown without script")
            check(d.find_element(By.ID, "score-fail").text == str(demo["summary"]["fail"]), "no-js: scorecard differs")
            d.save_screenshot(os.path.join(ART, "demo-nojs.png"))
        finally:
            d.quit()
    finally:
        shutil.rmtree(tmp)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("html report: demo, spine-leaf, spine-leaf with faults, hostile strings, no-js: all checks pass; "
          "screenshots in", ART)


main()
