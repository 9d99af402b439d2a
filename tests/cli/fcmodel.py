# SPDX-License-Identifier: MIT
"""`fabcheck parse` output as the tests read it. The parse output keeps each device's file names
and repeated reasons once, in its "files" and "texts" tables, with a value's source as
[file, line] and its "unknown" or "note" as an index into texts; a field that is unknown for the
common reason ("no collected output reports it") is left out (docs/parse.md). loads() gives the
expanded form: sources as "file:line" strings, reasons and notes as text, and a left-out field
read as {"unknown": "no collected output reports it"}."""
import json

UNREPORTED = "no collected output reports it"
SOURCE_KEYS = ("source", "used_source", "other_source")


class Obj(dict):
    """A model object: a field it leaves out is unknown for the common reason."""

    def __missing__(self, key):
        return {"unknown": UNREPORTED}


def _expand(x, files, texts):
    if isinstance(x, dict):
        out = Obj()
        for k, v in x.items():
            if k == "adapter":   # an adapter's own tree: written as it was
                out[k] = v
            elif k in SOURCE_KEYS and (v is None or isinstance(v, list)):
                out[k] = "" if v is None else files[v[0]] + (":%d" % v[1] if v[1] else "")
            elif k in ("unknown", "note") and isinstance(v, int):
                out[k] = texts[v]
            else:
                out[k] = _expand(v, files, texts)
        return out
    if isinstance(x, list):
        return [_expand(v, files, texts) for v in x]
    return x


def device(d):
    """One device of the parse output, expanded."""
    dev = _expand({k: v for k, v in d.items() if k not in ("files", "texts")}, d.get("files", []), d.get("texts", []))
    return dev


def loads(s):
    """The parse output (one device, or the array of a snapshot's devices), expanded."""
    doc = json.loads(s)
    return [device(d) for d in doc] if isinstance(doc, list) else device(doc)


def load(path):
    with open(path) as f:
        return loads(f.read())
