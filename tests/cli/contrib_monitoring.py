#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""What docs/monitoring.md ships, with the real tools:
- contrib/systemd: systemd-analyze verifies the service and the timer; the service's command, run
  as systemd would (its state and configuration directories, the built binary), collects a fabric,
  and the second run validates against the first (--baseline) and writes the exports, which promtool
  accepts;
- contrib/grafana: every query of the dashboard is PromQL that promtool accepts (as recording
  rules), over series the export has;
- contrib/zabbix: the template is Zabbix 6.0's export format (version, unique 32-hex UUIDs, item and
  trigger fields with the values Zabbix documents), its keys are the two UserParameters', each of
  them (LLD macros filled in from the demo's discovery) is in the demo's export, and every trigger's
  expression names the template and an item key it has.
usage: contrib_monitoring.py FABCHECK"""
import json, os, re, shutil, subprocess, sys, tempfile
import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fctest import check, finish  # noqa: E402

FABCHECK = os.path.abspath(sys.argv[1])
for tool in ("systemd-analyze", "promtool"):
    if not shutil.which(tool):
        print("SKIP: %s not installed" % tool)
        sys.exit(77)
t = tempfile.mkdtemp()


def run(*a, **kw):
    return subprocess.run(list(a), capture_output=True, text=True, **kw)


# --- systemd ---------------------------------------------------------------------------------------
units = ["contrib/systemd/fabcheck.service", "contrib/systemd/fabcheck.timer"]
r = run("systemd-analyze", "verify", *units)
check(r.returncode == 0, "systemd-analyze verify: %s" % (r.stdout + r.stderr).strip())
svc = open(units[0]).read()
m = re.search(r"^ExecStart=/bin/sh -ec '(.*?)'\s*$", svc.replace("\\\n", ""), re.M | re.S)
check(m, "fabcheck.service: no ExecStart=/bin/sh -ec '...'")
if m:
    state, conf = os.path.join(t, "state"), os.path.join(t, "conf")
    shutil.copytree("inventories/examples/config-repo", conf)
    os.makedirs(state)
    script = m.group(1).replace("/usr/bin/fabcheck", FABCHECK)
    env = dict(os.environ, STATE_DIRECTORY=state, CONFIGURATION_DIRECTORY=conf)
    ok = re.search(r"^SuccessExitStatus=(.*)$", svc, re.M).group(1).split()
    for n in (1, 2):
        r = run("/bin/sh", "-exc", script, env=env)   # -x: the commands as run, on stderr
        check(r.returncode == 0 or str(r.returncode) in ok, "service run %d: exit %d: %s" % (n, r.returncode, r.stderr[-300:]))
        based = "--baseline %s/snap.prev" % state in r.stderr
        check(based == (n == 2), "service run %d: --baseline %s" % (n, "given" if based else "not given"))
    check(json.load(open(os.path.join(state, "report.json")))["summary"], "the service's JSON report has no summary")
    prom = os.path.join(state, "textfile", "fabcheck.prom")
    r = run("promtool", "check", "metrics", stdin=open(prom))
    check(r.returncode == 0, "promtool check metrics on the service's export: %s" % r.stderr)
    check(os.path.getsize(os.path.join(state, "fabcheck.zabbix")) > 0, "the service wrote no Zabbix export")

# --- Grafana ---------------------------------------------------------------------------------------
demo_prom = os.path.join(t, "demo.prom")
demo_zbx = os.path.join(t, "demo.zbx")
run(FABCHECK, "validate", "inventories/demo", "--format", "prometheus=" + demo_prom, "--format", "zabbix=" + demo_zbx)
series = set(re.findall(r"^(fabcheck_\w+)\{", open(demo_prom).read(), re.M))
dash = json.load(open("contrib/grafana/fabcheck-dashboard.json"))
exprs = [tg["expr"] for p in dash["panels"] for tg in p.get("targets", [])]
check(len(exprs) >= 8, "the dashboard has %d queries" % len(exprs))
rules = {"groups": [{"name": "dashboard", "rules": [{"record": "dashboard:q%d" % i, "expr": e.replace("$fabric", "demo")}
                                                   for i, e in enumerate(exprs)]}]}
rf = os.path.join(t, "dashboard.rules.yml")
yaml.safe_dump(rules, open(rf, "w"))
r = run("promtool", "check", "rules", rf)
check(r.returncode == 0, "promtool check rules on the dashboard's queries: %s" % (r.stdout + r.stderr).strip()[-400:])
used = set(re.findall(r"\b(fabcheck_\w+)", " ".join(exprs)))
known = series | {"fabcheck_device_not_understood_lines", "fabcheck_transceiver_rx_power_watts",
                  "fabcheck_fec_uncorrected_symbols_total"}   # present where a finding names such ports
check(used <= known, "the dashboard queries series the export has not: %s" % sorted(used - known))
check(dash["templating"]["list"][1]["query"]["query"] == "label_values(fabcheck_exit_code, fabric)",
      "the fabric variable does not come from the export's fabric label")

# --- Zabbix ----------------------------------------------------------------------------------------
z = yaml.safe_load(open("contrib/zabbix/fabcheck_template.yaml"))["zabbix_export"]
check(z["version"] == "6.0", "template export version %r" % z["version"])
uuids = []
export = dict(l.split("\t", 1) for l in open(demo_zbx).read().splitlines() if "\t" in l)
lld = {k.split(".", 1)[1]: json.loads(v)["data"] for k, v in export.items() if k.startswith("discovery.")}
VT = {"FLOAT", "CHAR", "LOG", "UNSIGNED", "TEXT"}
PRIO = {"NOT_CLASSIFIED", "INFO", "WARNING", "AVERAGE", "HIGH", "DISASTER"}
KEY = re.compile(r"^fabcheck\.(value|discovery)\[([A-Za-z0-9:/._{}#-]+)\]$")
keys_checked = 0


def value_key(key, macros):
    m = KEY.match(key)
    check(m, "template key %r is not one of the two UserParameters'" % key)
    if not m or m.group(1) != "value":
        return
    k = m.group(2)
    for name, v in macros.items():
        k = k.replace(name, v)
    check(k in export, "template key %s: %s is not in the demo's export" % (key, k))


for tpl in z["templates"]:
    name = tpl["template"]
    uuids.append(tpl["uuid"])
    own = set()
    for it in tpl.get("items", []):
        uuids.append(it["uuid"])
        own.add(it["key"])
        check(it["value_type"] in VT and it["type"] == "ZABBIX_ACTIVE", "item %s: %s, %s" % (it["key"], it["value_type"], it["type"]))
        value_key(it["key"], {})
        keys_checked += 1
    for dr in tpl.get("discovery_rules", []):
        uuids.append(dr["uuid"])
        which = KEY.match(dr["key"]).group(2) if KEY.match(dr["key"]) else ""
        check(which in lld and lld[which], "discovery %s: the export has no such discovery" % dr["key"])
        macros = lld.get(which, [{}])[0]
        for ip in dr.get("item_prototypes", []):
            uuids.append(ip["uuid"])
            own.add(ip["key"])
            check(ip["value_type"] in VT, "prototype %s: value_type %s" % (ip["key"], ip["value_type"]))
            check(all(mm in macros for mm in re.findall(r"\{#\w+\}", ip["key"] + ip["name"])),
                  "prototype %s: a macro the discovery does not give" % ip["key"])
            value_key(ip["key"], macros)
            keys_checked += 1
            for tr in ip.get("trigger_prototypes", []):
                uuids.append(tr["uuid"])
                check(tr["priority"] in PRIO, "trigger %s: priority %s" % (tr["name"], tr["priority"]))
                check(any("/%s/%s" % (name, k) in tr["expression"] for k in own), "trigger %s: %s names no item of %s"
                      % (tr["name"], tr["expression"], name))
    for it in tpl.get("items", []):
        for tr in it.get("triggers", []):
            uuids.append(tr["uuid"])
            check(tr["priority"] in PRIO and "/%s/%s" % (name, it["key"]) in tr["expression"],
                  "trigger %s: %s" % (tr["name"], tr["expression"]))
for g in z.get("groups", []):
    uuids.append(g["uuid"])
check(all(re.fullmatch(r"[0-9a-f]{32}", u) for u in uuids) and len(set(uuids)) == len(uuids),
      "UUIDs: 32 lowercase hex digits, each once (%d)" % len(uuids))
shutil.rmtree(t)
print("contrib_monitoring: the systemd units verify and run twice (the second against the first); %d dashboard "
      "queries pass promtool over the export's series; the Zabbix template's %d keys are in the demo's export"
      % (len(exprs), keys_checked))
finish()
