"""Pages per second of Extractor.extract_many against the CLI's, on the same
pages in the same run.

    python python/tools/throughput.py -cli /tmp/boilernet -workers 2 -rounds 3 \\
        ../shared/data/wcxb ../shared/data/daniel

Each round runs, one after the other, the CLI (boilernet extract -q
-workers N -format F over the pages' files, its output thrown away) and a
fresh Python process that extracts the same files with extract_many
(workers=N), consuming every result; both timed from their start to their
end, so each pays for loading its model, and their CPU time counted. The
Python process also times extract_many alone. The best and the median
round of each are reported (the machine is shared: the best is the one
least disturbed), and the pages per CPU second.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

CHILD = """
import sys, time
from pathlib import Path
t0 = time.perf_counter()
import boilernet
files = [Path(line) for line in open(sys.argv[1]).read().splitlines()]
ex = boilernet.Extractor()
ex.extract(b"<p>warm up: load the model</p>")
t1 = time.perf_counter()
n = failed = 0
for r in ex.extract_many(files, workers=int(sys.argv[2]), format=sys.argv[3]):
    n += 1
    failed += isinstance(r, boilernet.ExtractionError)
t2 = time.perf_counter()
print(n, failed, t1 - t0, t2 - t1)
"""


def cpu() -> float:
    """The CPU seconds of the children that ended so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def split_files(dataset: Path, split: str) -> list[Path]:
    files = []
    for i in (dataset / f"{split}.txt").read_text().split():
        for ext in (".html.gz", ".html"):
            if (dataset / "html" / (i + ext)).is_file():
                files.append(dataset / "html" / (i + ext))
                break
    return files


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-cli", required=True, help="the boilernet binary")
    p.add_argument("-workers", type=int, default=2)
    p.add_argument("-rounds", type=int, default=3)
    p.add_argument("-split", default="test")
    p.add_argument("-formats", default="jsonl,text", help="the CLI's formats to time (Python's format is text: its metadata is always read, as jsonl's)")
    p.add_argument("datasets", nargs="+", type=Path)
    a = p.parse_args()
    files = [f for d in a.datasets for f in split_files(d, a.split)]
    lst = Path(f"/tmp/boilernet-throughput-{time.time_ns()}.txt")
    lst.write_text("\n".join(map(str, files)))
    formats = a.formats.split(",")
    cli: dict[str, list[float]] = {f: [] for f in formats}
    cli_cpu: dict[str, list[float]] = {f: [] for f in formats}
    py_total: list[float] = []
    py_cpu: list[float] = []
    py_many: list[float] = []
    try:
        for _ in range(a.rounds):
            for f in formats:
                t, c = time.perf_counter(), cpu()
                subprocess.run([a.cli, "extract", "-q", "-workers", str(a.workers), "-format", f, *map(str, files)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
                cli[f].append(time.perf_counter() - t)
                cli_cpu[f].append(cpu() - c)
            t, c = time.perf_counter(), cpu()
            out = subprocess.run([sys.executable, "-c", CHILD, str(lst), str(a.workers), "text"],
                                 capture_output=True, text=True, check=True).stdout.split()
            py_total.append(time.perf_counter() - t)
            py_cpu.append(cpu() - c)
            n, failed, load, many = int(out[0]), int(out[1]), float(out[2]), float(out[3])
            assert n == len(files)
            py_many.append(many)
    finally:
        lst.unlink()
    n = len(files)
    print(f"{n} pages ({', '.join(d.name for d in a.datasets)}, {a.split} split; {failed} failed), {a.workers} workers, best of {a.rounds} rounds (median in brackets)")
    for f in formats:
        print(f"CLI boilernet extract -format {f:5}: {n / min(cli[f]):7.1f} pages/s [{n / statistics.median(cli[f]):.1f}], "
              f"{n / statistics.median(cli_cpu[f]):.1f} pages per CPU second")
    print(f"Python process (extract_many)     : {n / min(py_total):7.1f} pages/s [{n / statistics.median(py_total):.1f}], "
          f"{n / statistics.median(py_cpu):.1f} pages per CPU second")
    print(f"Python extract_many alone         : {n / min(py_many):7.1f} pages/s [{n / statistics.median(py_many):.1f}]")
    for f in formats:
        print(f"ratio Python process / CLI {f:5}  : {min(cli[f]) / min(py_total):.3f} (best), "
              f"{statistics.median(cli[f]) / statistics.median(py_total):.3f} (median), "
              f"{statistics.median(cli_cpu[f]) / statistics.median(py_cpu):.3f} (pages per CPU second)")


if __name__ == "__main__":
    main()
