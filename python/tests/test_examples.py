"""The corpus builder of docs/python.md (python/examples/corpus.py)."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys

import pytest
from conftest import REPO, SAMPLE

EXAMPLE = REPO / "python" / "examples" / "corpus.py"


def record(warc_type: str, uri: str, payload: bytes) -> bytes:
    head = f"WARC/1.1\r\nWARC-Type: {warc_type}\r\nWARC-Target-URI: {uri}\r\nWARC-Record-ID: <urn:{uri}>\r\n"
    head += f"Content-Type: application/http;msgtype={warc_type}\r\nContent-Length: {len(payload)}\r\n\r\n"
    return head.encode() + payload + b"\r\n\r\n"


def test_corpus_builder(tmp_path):
    page = SAMPLE.read_bytes()
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(page), page)
    latin = (
        "<html><head><title>Cafés of Zürich</title></head><body><nav><a href=/>Home</a></nav><article>"
        "<h1>Cafés of Zürich</h1><p>Zürich, café and crème: the old town has many cafés.</p><p>"
        + "Each one serves coffee and cake to the people who come in from the cold. " * 5
        + "</p></article><footer>© 2024</footer></body></html>"
    )
    warc = b"".join([
        record("request", "https://example.com/a", b"GET /a HTTP/1.1\r\n\r\n"),
        record("response", "https://example.com/a", b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked),
        record("response", "https://example.com/gone", b"HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\n\r\n<p>gone</p>"),
        record("response", "https://example.com/logo.png", b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG"),
        record("response", "https://example.com/z", b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=iso-8859-1\r\nContent-Encoding: gzip\r\n\r\n"
               + gzip.compress(latin.encode("latin-1"))),
    ])
    crawl = tmp_path / "crawl"
    (crawl / "pages").mkdir(parents=True)
    (crawl / "a.warc.gz").write_bytes(gzip.compress(warc))
    (crawl / "pages" / "sample.html.gz").write_bytes(gzip.compress(page))
    (crawl / "pages" / "menu.html").write_bytes(b"<ul><li><a href=/>Home</a></li><li><a href=/b>About</a></li></ul>")
    (crawl / "pages" / "bin.html").write_bytes(b"\x00\x01\x02")
    (crawl / "broken.warc").write_bytes(b"not a warc")
    out = tmp_path / "corpus.jsonl"
    got = subprocess.run([sys.executable, str(EXAMPLE), str(crawl), str(out), "-min-confidence", "0.8", "-workers", "2"],
                         capture_output=True, text=True, check=True)
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["source"].removeprefix(str(crawl)), r["url"]) for r in lines] == [
        ("/a.warc.gz@<urn:https://example.com/a>", "https://example.com/a"),
        ("/a.warc.gz@<urn:https://example.com/z>", "https://example.com/z"),
        ("/pages/sample.html.gz", ""),
    ]
    assert lines[0]["title"] == lines[2]["title"] == "Night trains return to the Alps"
    assert "Zürich, café and crème" in lines[1]["text"]
    assert all(r["confidence"] >= 0.8 for r in lines)
    assert "broken.warc: ValueError" in got.stderr and "bin.html: binary content" in got.stderr
    assert "3 pages kept, 1 below confidence 0.8 or empty, 0 in other languages, 1 failed" in got.stderr


def test_docs_show_the_example():
    doc = REPO / "docs" / "python.md"
    if not doc.is_file():
        pytest.skip("no docs/python.md")
    assert EXAMPLE.read_text() in doc.read_text(), "docs/python.md shows python/examples/corpus.py as it is"
