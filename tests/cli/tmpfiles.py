#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Files fabcheck writes (issue 30, points 14 and 15).
  - A planted symlink where fabcheck used to put its temporary file (FILE.tmp.<pid>: the pid is
    known to whoever starts the process, here through exec) is never followed: the report and
    probe --out are written, the symlink's target is untouched.
  - A report written over a symlink named like the target replaces the link, not its target.
  - SIGTERM, SIGINT or SIGHUP while a report of a 60-leaf fabric is being written leaves no
    partial file behind (the temporary file is removed, the target never appears), and the
    process still dies of the signal (exit status -signal).
  - A finished report has the mode a plain file gets under the umask (0644 under 022).

usage: tmpfiles.py FABCHECK
"""
import os
import signal
import shutil
import stat
import subprocess
import sys
import tempfile
import time

from fctest import check, finish

FABCHECK = os.path.abspath(sys.argv[1])
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def planted(t, name, cmd):
    """Runs cmd (a shell string with $OUT for the target) with FILE.tmp.<its pid> a symlink to a
    victim; returns (exit, the victim's bytes, whether the target holds a report)."""
    d = os.path.join(t, name)
    os.mkdir(d)
    victim = os.path.join(d, "victim")
    open(victim, "w").write("precious\n")
    out = os.path.join(d, "out.json")
    script = 'ln -s "%s" "%s.tmp.$$" && exec %s' % (victim, out, cmd.replace("$OUT", out))
    r = subprocess.run(["sh", "-c", script], capture_output=True, text=True)
    ok = os.path.isfile(out) and not os.path.islink(out) and open(out).read(1) == "{"
    return r.returncode, open(victim).read(), ok, d


def main():
    t = tempfile.mkdtemp()
    try:
        demo = os.path.join(ROOT, "inventories", "demo")
        rc, v, ok, d = planted(t, "report", '"%s" validate "%s" --format json=$OUT' % (FABCHECK, demo))
        check(rc == 1 and v == "precious\n" and ok, "report: exit %d, victim %r, written %s" % (rc, v, ok))
        rc, v, ok, d = planted(t, "probe", '"%s" probe --out $OUT' % FABCHECK)
        check(rc == 0 and v == "precious\n" and ok, "probe --out: exit %d, victim %r, written %s" % (rc, v, ok))
        left = [f for f in os.listdir(d) if f not in ("victim", "out.json") and not f.startswith("out.json.tmp.")]
        check(not left, "probe --out left %s" % left)
        print("a symlink planted at FILE.tmp.<pid>: not followed (report, probe --out)")

        # a symlink at the target's own name: replaced, its target untouched
        d = os.path.join(t, "target-link")
        os.mkdir(d)
        open(os.path.join(d, "victim"), "w").write("precious\n")
        os.symlink(os.path.join(d, "victim"), os.path.join(d, "r.json"))
        os.umask(0o022)
        subprocess.run([FABCHECK, "validate", demo, "--format", "json=" + os.path.join(d, "r.json")],
                       capture_output=True)
        check(open(os.path.join(d, "victim")).read() == "precious\n" and not os.path.islink(os.path.join(d, "r.json")),
              "a symlink at the target: followed")
        mode = stat.S_IMODE(os.stat(os.path.join(d, "r.json")).st_mode)
        check(mode == 0o644, "report mode %o, want 644 under umask 022" % mode)
        print("a symlink at the target's name: replaced, not followed; mode %o" % mode)

        # signals while a large report is written
        fab = os.path.join(t, "fab")
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "gen_fabric.py"), fab, "--switches", "60"],
                       check=True, capture_output=True)
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            d = os.path.join(t, "sig-%d" % sig)
            os.mkdir(d)
            seen = None
            for attempt in range(5):
                p = subprocess.Popen([FABCHECK, "validate", fab, "--format", "json=" + os.path.join(d, "r.json")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                while p.poll() is None:
                    tmp = [f for f in os.listdir(d) if f != "r.json"]
                    if tmp:
                        seen = tmp
                        p.send_signal(sig)
                        break
                    time.sleep(0.001)
                rc = p.wait()
                if seen:
                    break
                for f in os.listdir(d):
                    os.unlink(os.path.join(d, f))
            if not seen:
                print("%s: the report was written before a temporary file was seen; not judged" % sig.name)
                continue
            left = os.listdir(d)
            check(rc == -sig, "%s: exit %d, want %d" % (sig.name, rc, -sig))
            check(not left, "%s: left %s (the temporary file was %s)" % (sig.name, left, seen))
            print("%s while writing %s: nothing left, died of the signal" % (sig.name, seen[0]))
    finally:
        shutil.rmtree(t)
    finish()


main()
