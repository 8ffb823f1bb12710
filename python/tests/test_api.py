"""The API: one page, its formats, bad input, threads, extract_many."""

from __future__ import annotations

import itertools
import json
import os
import pathlib
import subprocess
import sys
import threading
import time

import pytest
from conftest import REPO, SAMPLE, run_cli

import boilernet


def test_sample_text_equals_cli(cli):
    want = run_cli(cli, "extract", str(SAMPLE)).stdout
    r = boilernet.extract(SAMPLE.read_text(encoding="utf-8"))
    assert r.text + "\n" == want
    assert r.output == want
    assert boilernet.extract(SAMPLE.read_bytes()).text == r.text
    assert r.title == "Night trains return to the Alps"
    assert r.metadata["authors"] == ["Marta Keller"]
    assert r.language == "en"
    assert 0 < r.confidence <= 1
    assert r.comments == [] and not r.empty and r.warning == ""
    assert r.encoding == "utf-8"
    assert r.blocks == []  # format="json" only


@pytest.mark.parametrize("format", boilernet.FORMATS)
@pytest.mark.parametrize("extras", [False, True])
def test_formats_equal_cli(cli, format, extras):
    flags = ["-comments", "-links", "-images"] if extras else []
    want = run_cli(cli, "extract", "-format", format, *flags, str(SAMPLE)).stdout
    r = boilernet.extract(SAMPLE.read_bytes(), format=format, comments=extras, links=extras, images=extras, name=str(SAMPLE))
    if format == "json":  # the CLI's array of one record
        assert json.loads(want) == [json.loads(r.output)]
    else:
        assert r.output == want
    assert bool(r.blocks) == (format == "json")


def test_url_method_headline(cli):
    url = "https://example.com/news/night-trains.html"
    want = run_cli(cli, "extract", "-format", "jsonl", "-links", "-url", url, "-method", "bilstm:precision", "-keep-headline", str(SAMPLE)).stdout
    r = boilernet.extract(SAMPLE.read_bytes(), url, format="jsonl", links=True, method="bilstm:precision", keep_headline=True, name=str(SAMPLE))
    assert r.output == want
    assert r.url == url
    assert boilernet.extract(SAMPLE.read_bytes(), method="keep-all").confidence is None


def test_model_path(cli):
    model = REPO / "methods" / "defaultmodel" / "default.model"
    want = run_cli(cli, "extract", "-format", "jsonl", "-model", str(model), str(SAMPLE)).stdout
    with boilernet.Extractor(model) as ex:
        assert ex.extract(SAMPLE.read_bytes(), format="jsonl", name=str(SAMPLE)).output == want
    with pytest.raises(ValueError, match="closed"):
        ex.extract("<p>x</p>")
    with pytest.raises(OSError, match="no-such.model"):
        boilernet.Extractor("no-such.model")
    with pytest.raises(OSError, match="conftest.py"):
        boilernet.Extractor(pathlib.Path(__file__).with_name("conftest.py"))


def test_bad_input():
    # Binary: refused, naming the page.
    with pytest.raises(boilernet.ExtractionError, match=r"^logo\.png: binary content, not HTML") as e:
        boilernet.extract(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8, name="logo.png")
    assert e.value.input == "logo.png" and e.value.reason == "binary content, not HTML"
    # Larger than the library's limit (64 MiB): refused before it is parsed.
    huge = b"<p>" + b"a" * (64 << 20)
    with pytest.raises(boilernet.ExtractionError, match=r"^https://example\.com/big: page too large"):
        boilernet.extract(huge, "https://example.com/big")
    del huge
    # Wrong types and values.
    for bad in (None, 42, 3.5, ["<p>x</p>"], {"html": "x"}):
        with pytest.raises(TypeError, match="a page is str or bytes"):
            boilernet.extract(bad)
    with pytest.raises(TypeError):
        boilernet.extract("<p>x</p>", url=5)
    with pytest.raises(TypeError):
        boilernet.extract("<p>x</p>", method=None)
    with pytest.raises(ValueError, match="format 'pdf'"):
        boilernet.extract("<p>x</p>", format="pdf")
    with pytest.raises(ValueError, match='unknown method "nope"') as e:
        boilernet.extract("<p>x</p>", method="nope")
    assert not isinstance(e.value, boilernet.ExtractionError)
    with pytest.raises(ValueError, match="gold labels"):
        boilernet.extract("<p>x</p>", method="oracle")


def test_odd_pages():
    # Nothing to extract: a result that says so; no page at all: an error.
    r = boilernet.extract("<html><body><script>app()</script></body></html>")
    assert r.empty and r.text == "" and "no text" in r.warning and r.output == ""
    for page in ("", b""):
        with pytest.raises(boilernet.ExtractionError, match="^-: empty page"):
            boilernet.extract(page)
    # NUL bytes, invalid UTF-8, lone surrogates, a str whose page declares another charset.
    boilernet.extract(b"<p>a\xffb and some more words here</p>")
    with pytest.raises(boilernet.ExtractionError, match="binary content"):
        boilernet.extract("<p>x\x00y</p>")
    assert "\ufffd" in boilernet.extract("<p>a\ud800b and some more words in it</p>", keep_headline=True).text
    r = boilernet.extract('<meta charset="windows-1252"><p>Zürich – café, a long enough sentence to keep.</p>')
    assert "Zürich – café" in r.text and r.encoding == "utf-8"
    r = boilernet.extract('<meta charset="windows-1252"><p>Z\xfcrich caf\xe9, a long enough sentence to keep.</p>'.encode("latin-1"))
    assert "Zürich café" in r.text and r.encoding == "windows-1252"
    # Deep nesting and many elements: bounded by the library's limits, no crash.
    boilernet.extract("<div>" * 20000 + "deep text" + "</div>" * 20000)
    with pytest.raises(boilernet.ExtractionError, match="too many elements"):
        boilernet.extract("<b>x</b>" * 1_100_000, name="many")


def test_threads():
    pages = [SAMPLE.read_bytes(), b"<p>short page with a few words</p>", b"\x00\x01\x02binary"] * 4
    want = []
    for p in pages:
        try:
            want.append(boilernet.extract(p))
        except boilernet.ExtractionError as e:
            want.append(str(e))
    got: dict[int, list] = {}

    def work(t):
        out = []
        for p in pages:
            try:
                out.append(boilernet.extract(p))
            except boilernet.ExtractionError as e:
                out.append(str(e))
        got[t] = out

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[t] == want for t in range(8))


def test_gil_released():
    """While one thread extracts a large page, another runs Python: its
    longest pause is well under the time of one extraction, which it would
    wait for whole if the GIL were held (the best of three tries: the
    machine may be busy)."""
    page = SAMPLE.read_bytes().replace(b"</article>", b"<p>Another paragraph of the article, with words.</p>" * 20000 + b"</article>")
    start = time.perf_counter()
    boilernet.extract(page)
    alone = time.perf_counter() - start
    if alone < 0.1:
        pytest.skip(f"the page takes {alone:.3f} s: too fast to tell")
    pauses = []
    for _ in range(3):
        done = threading.Event()

        def work():
            boilernet.extract(page)
            done.set()

        t = threading.Thread(target=work)
        last, longest = time.perf_counter(), 0.0
        t.start()
        while not done.is_set():
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
        t.join()
        pauses.append(longest)
        if longest < alone / 2:
            break
    assert min(pauses) < alone / 2, f"pauses of {pauses} s while a page of {alone:.3f} s was extracted"


def test_extract_many_order_and_errors(tmp_path):
    good = tmp_path / "good.html"
    good.write_bytes(SAMPLE.read_bytes())
    pages = [
        SAMPLE.read_bytes(),
        b"\x00\x01binary",
        boilernet.Page(b"<p>from a page tuple with words</p>", "https://example.com/a", None),
        ("<p>a plain tuple, named</p>", None, "named"),
        tmp_path / "missing.html",
        good,
        42,
        ("<p>x</p>", 7),
        "<p>a str page with a few words in it</p>",
    ]
    for workers in (1, 2, 5):
        out = list(boilernet.Extractor().extract_many(pages, workers=workers))
        assert len(out) == len(pages)
        errors = {i: str(r) for i, r in enumerate(out) if isinstance(r, boilernet.ExtractionError)}
        assert errors == {
            1: "#1: binary content, not HTML",
            4: f"{tmp_path / 'missing.html'}: No such file or directory",
            6: "#6: a page is str or bytes, not int",
            7: "#7: url is a str or None, not int",
        }
        assert out[0].text == out[5].text == boilernet.extract(SAMPLE.read_bytes()).text
        assert [out[i].name for i in (0, 2, 3, 5, 8)] == ["#0", "https://example.com/a", "named", str(good), "#8"]
        assert out[2].url == "https://example.com/a"
    # errors="raise": the results before the first error, then the error.
    it = boilernet.Extractor().extract_many(pages, workers=2, errors="raise")
    assert isinstance(next(it), boilernet.Result)
    with pytest.raises(boilernet.ExtractionError, match="^#1: binary"):
        next(it)
    # A bad option is raised at once, not yielded for each page.
    with pytest.raises(ValueError, match="unknown method"):
        list(boilernet.Extractor().extract_many(pages, method="nope"))
    with pytest.raises(ValueError):
        list(boilernet.Extractor().extract_many(pages, workers=-1))
    with pytest.raises(ValueError):
        list(boilernet.Extractor().extract_many(pages, format="doc"))


def test_extract_many_streams():
    """The input is read as the work goes: an endless one works."""
    endless = (f"<p>Page number {i} has a sentence of its own.</p>" for i in itertools.count())
    got = list(itertools.islice(boilernet.Extractor().extract_many(endless, workers=2), 50))
    assert [r.text for r in got] == [f"Page number {i} has a sentence of its own." for i in range(50)]


def test_main_equals_cli(cli, tmp_path):
    d = tmp_path / "pages"
    (d / "sub").mkdir(parents=True)
    (d / "a.html").write_bytes(SAMPLE.read_bytes())
    (d / "sub" / "b.html").write_bytes(b"<p>A second page, with a sentence.</p>")
    (d / "c.htm").write_bytes(b"\x00\x01binary")
    (d / "empty.html").write_bytes(b"")
    (d / "skip.txt").write_bytes(b"not a page")
    env = dict(os.environ)
    for args in (["-format", "json"], ["-format", "jsonl", "-links"], ["-format", "markdown"], ["-q"], ["-format", "tei"]):
        for paths in ([str(d)], [str(SAMPLE)], [str(SAMPLE), str(d / "sub" / "b.html")]):
            want = run_cli(cli, "extract", "-q", *args, *paths, check=False)
            got = subprocess.run([sys.executable, "-m", "boilernet", *args, *paths], capture_output=True, text=True, env=env)
            assert got.stdout == want.stdout, (args, paths)
            assert got.returncode == want.returncode
            assert got.stderr.splitlines() == want.stderr.splitlines(), (args, paths)
    # Standard input.
    got = subprocess.run([sys.executable, "-m", "boilernet", "-format", "jsonl", "-"], input=SAMPLE.read_text(), capture_output=True, text=True)
    assert got.stdout == run_cli_stdin(cli, SAMPLE.read_bytes())


def run_cli_stdin(cli, data: bytes) -> str:
    return subprocess.run([cli, "extract", "-format", "jsonl", "-"], input=data, capture_output=True, check=True).stdout.decode()
