#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Every OS's saved configuration survives collect: an inventory that names a device's saved
configuration (config: FILE) gives the same verdicts validated as it is and collected into a
snapshot first (transport none: the file copied under the name its adapter reads), for every switch
platform of the registry (`fabcheck help`); a platform added without a case here fails the test.
usage: collect_saved.py FABCHECK"""
import json, os, re, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fctest import check, finish  # noqa: E402

FABCHECK = os.path.abspath(sys.argv[1])
EX = "inventories/examples"
SAVED = {   # platform: a saved configuration of the project's examples, in the form users keep
    "nxos": EX + "/spine-leaf/devices/leaf1/show_running-config.txt",
    "eos": EX + "/eos-leaves/devices/leaf1/show_running-config.txt",
    "sonic": EX + "/config-repo/configs/leaf1.json",
    "nvue": EX + "/nvue-leaves/devices/leaf3/nv_config_show.txt",
    "junos": EX + "/junos-leaves/devices/leaf1/show_configuration.txt",
}
HOSTS_ONLY = {"linux"}   # a host's inventory entry is intent or a probe, not a saved configuration


def verdicts(rep):
    return sorted((f["rule"], f["subject"], f["status"]) for f in rep["findings"])


def validate(target, cwd):
    r = subprocess.run([FABCHECK, "validate", target, "--format", "json"], capture_output=True, text=True, cwd=cwd)
    try:
        return r.returncode, json.loads(r.stdout), r.stderr
    except ValueError:
        return r.returncode, None, r.stderr


helptext = subprocess.run([FABCHECK, "help"], capture_output=True, text=True).stdout
plats = re.findall(r"^  (\w+) ", helptext.split("\nPlatforms")[1].split("\n\n")[0], re.M)
check(set(plats) - HOSTS_ONLY == set(SAVED), "switch platforms %s, cases for %s" % (sorted(set(plats) - HOSTS_ONLY),
                                                                                 sorted(SAVED)))
t = tempfile.mkdtemp()
try:
    for plat, src in sorted(SAVED.items()):
        d = os.path.join(t, plat)
        os.makedirs(os.path.join(d, "configs"))
        name = os.path.basename(src)
        shutil.copy(src, os.path.join(d, "configs", name))
        open(os.path.join(d, "inventory.yaml"), "w").write(
            "version: 1\nfabric:\n  name: saved-%s\n  roce: {priority: 3, dscp: 26, cnp_dscp: 48, mtu: 9000}\n"
            "devices:\n- {name: sw1, platform: %s, config: configs/%s}\n" % (plat, plat, name))
        rc_a, a, err_a = validate("inventory.yaml", d)
        snap = os.path.join(d, "snap")
        r = subprocess.run([FABCHECK, "collect", "--inventory", "inventory.yaml", "--out", snap], capture_output=True,
                           text=True, cwd=d)
        check(r.returncode == 0, "%s: collect exit %d: %s" % (plat, r.returncode, r.stderr.strip()[-300:]))
        rc_b, b, err_b = validate(snap, d)
        check(a is not None and rc_a in (0, 1), "%s: the inventory validates: exit %d %s" % (plat, rc_a, err_a.strip()[-300:]))
        check(b is not None and rc_b == rc_a, "%s: the collected snapshot: exit %d (the inventory's %d) %s" % (
            plat, rc_b, rc_a, err_b.strip()[-300:]))
        if a and b:
            va, vb = verdicts(a), verdicts(b)
            check(va == vb, "%s: verdicts differ: %s" % (plat, sorted(set(va) ^ set(vb))[:6]))
            files = [o["file"] for dev in json.load(open(os.path.join(snap, "manifest.json")))["devices"]
                     for o in dev["outputs"]]
            print("%s: %s collected as %s, %d findings alike (exit %d)" % (plat, name, files, len(va), rc_a))
finally:
    shutil.rmtree(t)
finish()
