#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Every command of README.md and docs/*.md that names files the project ships runs as written: a
code line `fabcheck ...` (or `$ fabcheck ...`) with a path that exists in the checkout is run from
the top of the checkout; it must not refuse its input or usage (exit 2, 3), and where the document
shows its output (the lines after a `$ ` command, up to a blank-line-separated block's end), every
shown line but an elision (...) must be in what it prints. Files the command writes (FMT=FILE)
go to a temporary directory.
usage: doc_commands.py FABCHECK"""
import glob, os, re, shlex, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fctest import check, finish  # noqa: E402

FABCHECK = os.path.abspath(sys.argv[1])
tmp = tempfile.mkdtemp()
ran = 0
for doc in ["README.md"] + sorted(glob.glob("docs/*.md")):
    lines = open(doc).read().split("\n")
    output_until = -1   # the lines a `$ ` command's shown output takes: output, not commands
    for i, line in enumerate(lines):
        m = re.match(r"^    (\$ )?fabcheck (.*)$", line)
        if not m or i <= output_until:
            continue
        if m.group(1):
            output_until = i
            while output_until + 1 < len(lines) and (lines[output_until + 1].startswith("    ") or
                                                     not lines[output_until + 1]) and \
                    not lines[output_until + 1].startswith("    $ "):
                output_until += 1
        cmd = re.sub(r"\s+#.*$", "", m.group(2))   # a trailing comment
        try:
            words = shlex.split(cmd)
        except ValueError:
            continue
        if not any("/" in w and os.path.exists(w.split("=", 1)[-1]) for w in words):
            continue   # placeholders (SNAPSHOT_DIR, FILE): nothing shipped to run it on
        args = []
        for w in words:
            if re.match(r"^[a-z]+=", w) and "/" not in w.split("=", 1)[0]:   # --format FMT=FILE
                fmt, path = w.split("=", 1)
                w = "%s=%s" % (fmt, os.path.join(tmp, os.path.basename(path)))
            args.append(w)
        r = subprocess.run([FABCHECK] + args, capture_output=True, text=True)
        ran += 1
        check(r.returncode in (0, 1), "%s:%d: fabcheck %s: exit %d: %s" % (doc, i + 1, cmd, r.returncode,
                                                                         r.stderr.strip()[-300:]))
        if m.group(1):   # the output the document shows
            got = {l.strip() for l in r.stdout.split("\n")}
            shown_lines = 0
            for k in range(i + 1, output_until + 1):
                shown = lines[k]
                if shown.strip() in ("", "...") or shown.strip().endswith("..."):
                    continue
                check(shown.strip() in got, "%s:%d: fabcheck %s does not print: %s" % (doc, k + 1, cmd, shown.strip()))
                shown_lines += 1
            print("%s:%d: fabcheck %s: exit %d, %d line(s) of output as shown" % (doc, i + 1, cmd, r.returncode,
                                                                                 shown_lines))
check(ran >= 1, "no command of the documents names a shipped file")
print("doc_commands: %d command(s) of README.md and docs/*.md that name shipped files run as shown" % ran)
finish()
