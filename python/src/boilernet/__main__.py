"""python -m boilernet [flags] PAGE...: ``boilernet extract`` in Python.

The pages are HTML files (gzipped when their name ends in .gz), directories
(their *.html, *.htm and *.html.gz files below, in lexical order) and -
(standard input); the flags are extract's that make sense for them, with
the same output, byte for byte: one JSON array of records, whatever the
number of pages (json); one line a page (jsonl); one page's output alone,
several pages' outputs each after a ``==> NAME <==`` line (text, markdown,
html, xml, tei).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import FORMATS, ExtractionError, Extractor, Page


def _pages(args: list[str]) -> Iterator[Any]:
    for a in args:
        if a == "-":
            data = sys.stdin.buffer.read()
            if data[:2] == b"\x1f\x8b":
                data = gzip.decompress(data)
            yield Page(data, None, "-")
        elif os.path.isdir(a):
            found = []
            for dirpath, dirnames, filenames in os.walk(a):
                for f in filenames:
                    low = f.lower()
                    if low.endswith((".html", ".htm", ".html.gz")):
                        found.append(os.path.join(dirpath, f))
            for f in sorted(found):
                yield Path(f)
        elif os.path.exists(a):
            yield Path(a)
        else:
            raise FileNotFoundError(f"stat {a}: no such file or directory")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m boilernet",
        description="Extracts the main content of pages (boilernet extract, in-process).",
    )
    p.add_argument("-format", "--format", default="text", choices=FORMATS, help="output format (default text)")
    p.add_argument("-method", "--method", default="bilstm", help="method: CLASSIFIER[:DECODING][+FILTER]")
    p.add_argument("-model", "--model", default=None, help="model file(s), comma-separated (default: the embedded model)")
    p.add_argument("-url", "--url", default=None, help="the pages' URL, for resolving links")
    p.add_argument("-comments", "--comments", action="store_true", help="the readers' comments in json, jsonl, markdown")
    p.add_argument("-links", "--links", action="store_true", help="content links in json, jsonl, markdown")
    p.add_argument("-images", "--images", action="store_true", help="content images in json, jsonl, markdown")
    p.add_argument("-keep-headline", "--keep-headline", action="store_true", help="keep the headline in the text")
    p.add_argument("-workers", "--workers", type=int, default=0, help="pages extracted in parallel (0: all cores)")
    p.add_argument("-o", "--output", default=None, help="output file (default: stdout)")
    p.add_argument("-q", "--quiet", action="store_true", help="accepted for extract's sake: there is no progress bar")
    p.add_argument("pages", nargs="+", metavar="PAGE", help="HTML file, directory, or - for standard input")
    a = p.parse_args(argv)
    if a.workers < 0:
        p.error("-workers: at least 0")
    model = a.model.split(",") if a.model else None
    out = open(a.output, "w", encoding="utf-8", newline="") if a.output else sys.stdout
    err = sys.stderr
    ok = failed = 0
    try:
        with Extractor(model) as ex:
            pages = list(_pages(a.pages))
            multi = len(pages) > 1
            url = a.url
            items = [Page(pg.html, url, pg.name) if isinstance(pg, Page) else _with_url(pg, url) for pg in pages]
            n = 0
            for r in ex.extract_many(
                items,
                workers=a.workers,
                format=a.format,
                comments=a.comments,
                links=a.links,
                images=a.images,
                method=a.method,
                keep_headline=a.keep_headline,
            ):
                if isinstance(r, ExtractionError):
                    failed += 1
                    print(f"boilernet extract: {r}", file=err)
                    if a.format == "jsonl":
                        out.write(_go_json({"file": r.input, "text": "", "error": str(r)}) + "\n")
                    continue
                ok += 1
                name = r.name
                if r.empty:
                    print(f"boilernet extract: {name}: no content found: {r.warning}", file=err)
                if a.format == "json":
                    elem = r.output.removesuffix("\n").replace("\n", "\n  ")
                    out.write(("[\n  " if n == 0 else ",\n  ") + elem)
                elif a.format == "jsonl" or not multi:
                    out.write(r.output)
                else:
                    out.write(f"==> {name} <==\n{r.output}\n")
                n += 1
            if a.format == "json":
                out.write("[]\n" if n == 0 else "\n]\n")
    except (OSError, ValueError) as e:
        print(f"boilernet extract: {e}", file=err)
        return 1
    finally:
        if out is not sys.stdout:
            out.close()
    if failed:
        print(f"boilernet extract: {failed} of {ok + failed} pages failed", file=err)
    if ok == 0:
        print("boilernet extract: no page could be extracted", file=err)
        return 1
    return 0


def _go_json(v: Any) -> str:
    """v as Go's encoding/json writes it: compact, <, >, &, U+2028 and
    U+2029 escaped."""
    s = json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    for c, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        s = s.replace(c, esc)
    return s


def _with_url(path: Path, url: str | None) -> Any:
    if url is None:
        return path
    return Page(path, url, os.fspath(path))


if __name__ == "__main__":
    sys.exit(main())
