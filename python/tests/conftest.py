"""Fixtures of the boilernet package's tests.

They run against the installed package (or PYTHONPATH=python/src with
BOILERNET_LIBRARY naming a library built from capi/) and compare it with
the Go CLI: $BOILERNET_CLI, or one built here with go build. The dataset
tests read the shared test splits (../shared/data beside the repository,
or $BOILERNET_DATA): BOILERNET_PY_PAGES pages of each (default 20; "all"
for the whole split).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "testdata" / "sample.html"


@pytest.fixture(scope="session")
def cli(tmp_path_factory) -> str:
    """The path of the boilernet CLI to compare with."""
    if os.environ.get("BOILERNET_CLI"):
        return os.environ["BOILERNET_CLI"]
    go = shutil.which("go")
    if not go or not (REPO / "cmd" / "boilernet").is_dir():
        pytest.skip("no Go toolchain or repository to build the CLI with (set BOILERNET_CLI)")
    out = tmp_path_factory.mktemp("cli") / "boilernet"
    subprocess.run([go, "build", "-o", str(out), "./cmd/boilernet"], cwd=REPO, check=True)
    return str(out)


def run_cli(cli: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs the CLI with args; its stdout and stderr as str."""
    return subprocess.run([cli, *args], capture_output=True, text=True, check=check)


def data_dir() -> Path:
    return Path(os.environ.get("BOILERNET_DATA") or REPO.parent / "shared" / "data")


def split_pages(dataset: str) -> list[Path]:
    """The HTML files of a dataset's test split (a sample unless
    BOILERNET_PY_PAGES=all), in the split's order."""
    d = data_dir() / dataset
    split = d / "test.txt"
    if not split.is_file():
        pytest.skip(f"{d}: no test split (the shared datasets are not here)")
    ids = split.read_text().split()
    n = os.environ.get("BOILERNET_PY_PAGES", "20")
    if n != "all":
        ids = ids[: int(n)]
    pages = []
    for i in ids:
        for ext in (".html.gz", ".html"):
            if (d / "html" / (i + ext)).is_file():
                pages.append(d / "html" / (i + ext))
                break
        else:
            raise FileNotFoundError(f"{d}/html/{i}.html(.gz)")
    return pages
