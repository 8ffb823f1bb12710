"""The package's results equal the CLI's JSON, field for field, on the
test pages of two shared datasets (WCXB, DAnIEL)."""

from __future__ import annotations

import gzip
import json

import pytest
from conftest import run_cli, split_pages

import boilernet

DATASETS = ["wcxb", "daniel"]


@pytest.mark.parametrize("dataset", DATASETS)
def test_json_equals_cli(cli, dataset):
    """format="json" with comments, links and images: the whole record,
    blocks and their locators included, and the output."""
    pages = split_pages(dataset)
    got = run_cli(cli, "extract", "-q", "-format", "json", "-comments", "-links", "-images", "-workers", "2", *map(str, pages))
    want = {rec["file"]: rec for rec in json.loads(got.stdout)}
    assert len(want) == len(pages), got.stderr
    ex = boilernet.Extractor()
    results = list(ex.extract_many(pages, workers=2, format="json", comments=True, links=True, images=True, errors="raise"))
    assert [r.name for r in results] == [str(p) for p in pages]
    for r in results:
        rec = want[r.name]
        assert r.to_dict() == rec, r.name
        assert json.loads(r.output) == rec, r.name
        # The fields the issue names, one by one.
        assert r.title == rec.get("title", "")
        assert r.text == rec["text"]
        assert r.metadata == rec.get("metadata", {})
        assert r.confidence == rec.get("confidence")
        assert r.comments == rec.get("comments", [])
        assert r.empty == rec.get("empty", False)
        assert r.language == rec.get("metadata", {}).get("language", "")


@pytest.mark.parametrize("dataset", DATASETS)
def test_default_equals_cli(cli, dataset):
    """The default options, one page at a time, the page given as bytes:
    the record of extract -format jsonl, and the text of -format text."""
    pages = split_pages(dataset)
    got = run_cli(cli, "extract", "-q", "-format", "jsonl", "-workers", "2", *map(str, pages))
    want = [json.loads(line) for line in got.stdout.splitlines()]
    assert [rec["file"] for rec in want] == [str(p) for p in pages]
    for page, rec in zip(pages, want):
        r = boilernet.extract(gzip.decompress(page.read_bytes()) if page.suffix == ".gz" else page.read_bytes(), name=str(page))
        d = r.to_dict()
        d.pop("encoding")  # jsonl leaves it out
        assert d == rec, page
    if len(pages) <= 5:
        return
    one = str(pages[5])
    text = run_cli(cli, "extract", "-q", one).stdout
    assert boilernet.Extractor().extract(gzip.decompress(pages[5].read_bytes())).output == text
