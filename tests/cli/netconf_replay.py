# SPDX-License-Identifier: MIT
"""A NETCONF server on stdin/stdout for the NETCONF tests and benchmark: sshd runs it for the
"netconf" subsystem (as a ForceCommand per listening address), and it answers like a Junos device
from recorded replies, framing written here from RFC 6242 itself (not fabcheck's code): the hello
framed with ]]>]]>, then base:1.1 chunks when both sides advertise base:1.1.

    netconf_replay.py MAPFILE [--base 1.0|1.1] [--fault F] [--latency-ms N] [--chunk N]

MAPFILE: "operation<TAB>file" lines; the operation is the element inside <rpc>
(get-software-information), the file a recorded reply (`| display xml`: an <rpc-reply>), sent with
the request's message-id and NETCONF's namespace. An operation not in the map gets the rpc-error
Junos gives an unknown one. Faults: hang (reads the first request and never answers), truncate (half
of the first reply, then the session ends), wrong-id (every reply names another message-id),
no-hello (answers the hello with an rpc-reply), bad-chunk (a chunk header that is not a number).
Replies are sent in chunks of --chunk bytes (default 4096) under base:1.1."""
import os
import re
import sys
import time
import xml.etree.ElementTree as ET

NS = "urn:ietf:params:xml:ns:netconf:base:1.0"


def args():
    a = {"base": "1.1", "fault": "", "latency": 0.0, "chunk": 4096, "map": None}
    v = sys.argv[1:]
    while v:
        k = v.pop(0)
        if k == "--base":
            a["base"] = v.pop(0)
        elif k == "--fault":
            a["fault"] = v.pop(0)
        elif k == "--latency-ms":
            a["latency"] = int(v.pop(0)) / 1000.0
        elif k == "--chunk":
            a["chunk"] = int(v.pop(0))
        else:
            a["map"] = k
    return a


class Stream:
    def __init__(self):
        self.buf = b""
        self.chunked = False

    def fill(self):
        d = os.read(0, 65536)
        if not d:
            sys.exit(0)
        self.buf += d

    def read(self):
        if not self.chunked:
            while b"]]>]]>" not in self.buf:
                self.fill()
            m, self.buf = self.buf.split(b"]]>]]>", 1)
            return m
        msg = b""
        while True:
            while not re.match(rb"\n#(#\n|[1-9][0-9]*\n)", self.buf):
                if len(self.buf) > 16 and not re.match(rb"\n#", self.buf):
                    sys.exit("bad framing from the client: %r" % self.buf[:16])
                self.fill()
            h = re.match(rb"\n#(#|[1-9][0-9]*)\n", self.buf)
            self.buf = self.buf[h.end():]
            if h.group(1) == b"#":
                return msg
            n = int(h.group(1))
            while len(self.buf) < n:
                self.fill()
            msg, self.buf = msg + self.buf[:n], self.buf[n:]

    def write(self, data, chunk=4096, fault=""):
        if not self.chunked:
            out = data + b"]]>]]>"
        else:
            out = b""
            for i in range(0, len(data), chunk):
                part = data[i:i + chunk]
                out += (b"\n#x%d\n" if fault == "bad-chunk" else b"\n#%d\n") % len(part) + part
            out += b"\n##\n"
        if fault == "truncate":
            out = out[:len(out) // 2]
        os.write(1, out)


def reply_body(path, mid):
    with open(path, "rb") as f:
        x = f.read()
    x = re.sub(rb"^\s*<\?xml[^>]*\?>\s*", b"", x)
    if not re.search(rb"<rpc-reply\b", x):
        sys.exit("%s: no <rpc-reply>" % path)
    return re.sub(rb"<rpc-reply\b", b'<rpc-reply xmlns="%s" message-id="%s"' % (NS.encode(), mid), x, count=1)


def main():
    a = args()
    if os.environ.get("SSH_ORIGINAL_COMMAND", "netconf") != "netconf":
        sys.exit("only the netconf subsystem is served here")
    table = {}
    with open(a["map"]) as f:
        for line in f:
            if line.strip():
                op, path = line.rstrip("\n").split("\t", 1)
                table[op] = path
    s = Stream()
    caps = "<capability>urn:ietf:params:netconf:base:1.0</capability>"
    if a["base"] == "1.1":
        caps += "<capability>urn:ietf:params:netconf:base:1.1</capability>"
    caps += "<capability>http://xml.juniper.net/netconf/junos/1.0</capability>"
    if a["fault"] == "no-hello":
        os.write(1, b'<rpc-reply xmlns="%s"><ok/></rpc-reply>]]>]]>' % NS.encode())
    else:
        os.write(1, ('<!-- No zombies were killed during the creation of this user interface -->\n'
                     '<hello xmlns="%s"><capabilities>%s</capabilities><session-id>%d</session-id></hello>\n]]>]]>'
                     % (NS, caps, os.getpid())).encode())
    theirs = ET.fromstring(s.read().strip())
    their_caps = {c.text for c in theirs.iter("{%s}capability" % NS)}
    s.chunked = a["base"] == "1.1" and "urn:ietf:params:netconf:base:1.1" in their_caps
    while True:
        rpc = ET.fromstring(s.read().strip())
        mid = rpc.get("message-id", "").encode()
        op = list(rpc)[0].tag.split("}")[-1]
        if op == "close-session":
            s.write(b'<rpc-reply xmlns="%s" message-id="%s"><ok/></rpc-reply>' % (NS.encode(), mid))
            return
        if a["fault"] == "hang":   # never answers; gone when the client closes the session
            while os.read(0, 65536):
                pass
            return
        if a["latency"]:
            time.sleep(a["latency"])
        if a["fault"] == "wrong-id":
            mid = str(int(mid) + 100).encode()
        if op in table:
            body = reply_body(table[op], mid)
        else:
            body = (('<rpc-reply xmlns="%s" xmlns:junos="http://xml.juniper.net/junos/23.4R2/junos" message-id="%s">'
                     "<rpc-error><error-type>protocol</error-type><error-tag>operation-failed</error-tag>"
                     "<error-severity>error</error-severity><error-message>syntax error, expecting &lt;command&gt;"
                     "</error-message><error-info><bad-element>%s</bad-element></error-info></rpc-error></rpc-reply>")
                    % (NS, mid.decode(), op)).encode()
        s.write(body, a["chunk"], a["fault"] if a["fault"] in ("truncate", "bad-chunk") else "")
        if a["fault"] == "truncate":
            return


if __name__ == "__main__":
    main()
