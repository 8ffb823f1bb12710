#!/usr/bin/env python3
"""Token P / R / F1 of an evaluation's pages, split by whether the page's host
has a page in the dataset's training split.

    go run ./cmd/boilernet eval -split dev -methods bilstm -model MODEL -data ../shared/data/wcxb,../shared/data/daniel -out DIR
    python3 docs/unseen_hosts.py DIR/pages.csv ../shared/data

Only datasets whose meta.tsv has a url column count; a host is the URL's
host without "www.". Pages whose gold has no token are left out, as eval
leaves them out of its means.
"""
import csv, os, sys
from collections import defaultdict
from urllib.parse import urlparse


def host(url):
    h = urlparse(url).netloc.lower()
    return h[4:] if h.startswith("www.") else h


def hosts_of(dataset_dir):
    """id → host, and the hosts of the training split; None without URLs."""
    path = os.path.join(dataset_dir, "meta.tsv")
    if not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if not rows or "url" not in rows[0]:
        return None
    by_id = {r["id"]: host(r["url"]) for r in rows}
    with open(os.path.join(dataset_dir, "train.txt")) as f:
        train = {by_id.get(line.strip()) for line in f if line.strip()}
    return by_id, train


def main(pages_csv, data_root):
    known, sums = {}, defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    with open(pages_csv, newline="") as f:
        for r in csv.DictReader(f):
            ds = r["dataset"]
            if ds not in known:
                known[ds] = hosts_of(os.path.join(data_root, ds))
            if known[ds] is None or r["token_f1"] == "":
                continue
            by_id, train = known[ds]
            key = (r["method"], ds, "seen" if by_id.get(r["page"]) in train else "unseen")
            s = sums[key]
            for i, col in enumerate(("token_p", "token_r", "token_f1")):
                s[i] += float(r[col])
            s[3] += 1
    print("| method | dataset | host in training | pages | token P | token R | token F1 |")
    print("|---|---|---|---|---|---|---|")
    for (method, ds, seen), (p, rc, f1, n) in sorted(sums.items()):
        print(f"| {method} | {ds} | {seen} | {n} | {p / n:.3f} | {rc / n:.3f} | {f1 / n:.3f} |")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
