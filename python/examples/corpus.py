"""A corpus builder: the WARC files and HTML pages of a folder to JSONL,
keeping the pages whose extraction boilernet is confident of.

    python corpus.py CRAWL_DIR corpus.jsonl -min-confidence 0.8 -lang en,de -workers 4
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import boilernet


def dechunk(body: bytes) -> bytes:
    """An HTTP body sent with Transfer-Encoding: chunked, whole."""
    out, pos = bytearray(), 0
    while True:
        end = body.index(b"\r\n", pos)
        size = int(body[pos:end].split(b";")[0], 16)
        if size == 0:
            return bytes(out)
        out += body[end + 2 : end + 2 + size]
        pos = end + 2 + size + 2


def warc_pages(path: Path) -> Iterator[boilernet.Page]:
    """The HTML responses (status 200) of a WARC file, .warc or .warc.gz."""
    with (gzip.open if path.suffix == ".gz" else open)(path, "rb") as f:
        while line := f.readline():
            if not line.strip():
                continue
            if not line.startswith(b"WARC/"):
                raise ValueError(f"{path}: no WARC record at {line[:40]!r}")
            warc = {}
            while (line := f.readline()).strip():
                key, _, value = line.decode("utf-8", "replace").partition(":")
                warc[key.strip().lower()] = value.strip()
            body = f.read(int(warc["content-length"]))
            if warc.get("warc-type") != "response" or not warc.get("content-type", "").startswith("application/http"):
                continue
            sep = b"\r\n\r\n" if b"\r\n\r\n" in body else b"\n\n"
            head, _, html = body.partition(sep)
            status, *lines = head.decode("latin-1").splitlines()
            http = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in lines)}
            if status.split()[1:2] != ["200"] or "html" not in http.get("content-type", "text/html"):
                continue
            if http.get("transfer-encoding", "").lower() == "chunked":
                html = dechunk(html)
            if http.get("content-encoding", "").lower() == "gzip":
                html = gzip.decompress(html)
            page: str | bytes = html
            charset = http.get("content-type", "").partition("charset=")[2].strip(' "')
            if charset:  # the header's charset is the page's: hand over text
                try:
                    page = html.decode(charset, "replace")
                except LookupError:
                    pass
            yield boilernet.Page(page, warc.get("warc-target-uri"), f"{path}@{warc.get('warc-record-id', '')}")


def pages(folder: Path) -> Iterator[boilernet.Page | Path]:
    """Every page below folder: WARC records, then HTML files, in name order."""
    for path in sorted(folder.rglob("*")):
        name = path.name.lower()
        if name.endswith((".warc", ".warc.gz")):
            try:
                yield from warc_pages(path)
            except (OSError, ValueError, KeyError, EOFError) as e:
                print(f"corpus: {path}: {e!r}: the rest of the file is left out", file=sys.stderr)
        elif name.endswith((".html", ".htm", ".html.gz")):
            yield path


def main() -> None:
    p = argparse.ArgumentParser(description="WARC files and HTML pages to JSONL, the pages boilernet is confident of.")
    p.add_argument("folder", type=Path)
    p.add_argument("out", type=Path)
    p.add_argument("-min-confidence", type=float, default=0.8, help="keep pages whose expected token F1 is at least this")
    p.add_argument("-lang", default="", help="keep only these languages, e.g. en,de")
    p.add_argument("-workers", type=int, default=0)
    a = p.parse_args()
    langs = set(filter(None, a.lang.split(",")))
    kept = unsure = other_lang = failed = 0
    with a.out.open("w", encoding="utf-8") as out, boilernet.Extractor() as ex:
        for r in ex.extract_many(pages(a.folder), workers=a.workers):
            if isinstance(r, boilernet.ExtractionError):
                failed += 1
                print(f"corpus: {r}", file=sys.stderr)
            elif r.empty or r.confidence is None or r.confidence < a.min_confidence:
                unsure += 1
            elif langs and r.language.split("-")[0] not in langs:
                other_lang += 1
            else:
                kept += 1
                record = {"source": r.name, "url": r.url, "title": r.title, "text": r.text,
                          "language": r.language, "published": r.metadata.get("published", ""),
                          "confidence": r.confidence}
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
    print(f"corpus: {kept} pages kept, {unsure} below confidence {a.min_confidence} or empty, "
          f"{other_lang} in other languages, {failed} failed", file=sys.stderr)


if __name__ == "__main__":
    main()
