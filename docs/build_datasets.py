#!/usr/bin/env python3
"""Build boilernet's dataset folders from the datasets' public sources.

Python 3.8+, standard library only (the splits use Python's random module,
so Python is needed to reproduce them). See docs/datasets.md for where to
get each source and what the script does with it.

    python3 docs/build_datasets.py classic MIRROR OUT   # OUT/cleaneval, OUT/dragnet, OUT/l3s-gn1
    python3 docs/build_datasets.py wcxb    REPO   OUT   # OUT/wcxb
    python3 docs/build_datasets.py daniel  REPO   OUT   # OUT/daniel
    python3 docs/build_datasets.py chaos   REPO   OUT   # OUT/chaos

MIRROR is a clone of j-szulc/html-cleaning-dataset-merged, REPO a clone of
the dataset's repository (see docs/datasets.md). OUT/<name> must not exist.
"""

import csv
import gzip
import json
import os
import random
import re
import shutil
import sys


def stem(name):
    """The id a source file stands for: its name up to the first dot."""
    s = name.split(".")[0]
    for suffix in ("-cleaned", "_cleaned"):
        if s.endswith(suffix):
            s = s[: -len(suffix)]
    return s


def files_by_stem(folder, key=stem):
    out = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isfile(path) and not name.startswith("."):
            out.setdefault(key(name), path)
    return out


def pairs(pages_dir, gold_dir, key=stem):
    """Documents with both a page and a gold file, by id."""
    pages, gold = files_by_stem(pages_dir, key), files_by_stem(gold_dir, key)
    both = sorted(set(pages) & set(gold))
    if len(both) < max(len(pages), len(gold)):
        print(f"  {pages_dir}: {len(pages)} pages, {len(gold)} gold files, {len(both)} pairs kept", file=sys.stderr)
    return {i: (pages[i], gold[i]) for i in both}


def new_dataset(out):
    if os.path.exists(out):
        sys.exit(f"{out} exists; remove it first")
    for sub in ("html", "gold", "annotated"):
        os.makedirs(os.path.join(out, sub))


def write_splits(out, train, dev, test):
    for name, ids in (("train", train), ("dev", dev), ("test", test)):
        with open(os.path.join(out, name + ".txt"), "w") as f:
            f.writelines(i + "\n" for i in sorted(ids))
    for sub in ("html", "gold", "annotated"):
        d = os.path.join(out, sub)
        if not os.listdir(d):
            os.rmdir(d)
    print(f"{out}: {len(train)} train, {len(dev)} dev, {len(test)} test", file=sys.stderr)


def cut(ids, train_share, dev_share):
    """ids (already shuffled) cut in order: train, dev, the rest test."""
    n = len(ids)
    a, b = round(n * train_share), round(n * dev_share)
    return ids[:a], ids[a : a + b], ids[a + b :]


def seeded_split(ids, train_share, dev_share, seed=20240607):
    ids = sorted(ids)
    random.Random(seed).shuffle(ids)
    return cut(ids, train_share, dev_share)


def stratified_split(groups, seed=20261122):
    """70/10/20 within each group, each shuffled by its own seeded generator."""
    train, dev, test = [], [], []
    for g in sorted(groups):
        ids = sorted(groups[g])
        random.Random(f"{seed}-{g}").shuffle(ids)
        a, b, c = cut(ids, 0.7, 0.1)
        train += a
        dev += b
        test += c
    return train, dev, test


def write_meta(out, header, rows):
    with open(os.path.join(out, "meta.tsv"), "w", encoding="utf-8", newline="") as f:
        f.write("\t".join(header) + "\n")
        for r in sorted(rows):
            f.write("\t".join(re.sub(r"[\t\r\n]+", " ", str(v)) for v in r) + "\n")


def gzip_copy(src, dst):
    with open(src, "rb") as f:
        data = f.read()
    with open(dst, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as z:
        z.write(data)


def write_text(path, text):
    if not text.endswith("\n"):
        text += "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def classic(mirror, out):
    # CleanEval: the development and the final set, ids prefixed.
    ce = os.path.join(out, "cleaneval")
    new_dataset(ce)
    dev_ids, final_ids = [], []
    for folder, prefix, ids in (("cleaneval-dev", "dev-", dev_ids), ("cleaneval-final", "final-", final_ids)):
        for i, (page, gold) in pairs(os.path.join(mirror, folder, "input"), os.path.join(mirror, folder, "GoldStandard")).items():
            shutil.copyfile(page, os.path.join(ce, "html", prefix + i + ".html"))
            shutil.copyfile(gold, os.path.join(ce, "gold", prefix + i + ".txt"))
            ids.append(prefix + i)
    final = sorted(final_ids)
    random.Random(20240607).shuffle(final)
    if "final-60" in final:  # the same page as dev-60: kept out of the test split
        final.remove("final-60")
        final.insert(0, "final-60")
    write_splits(ce, dev_ids + final[:150], final[150:200], final[200:])

    # Dragnet: pages and gold text.
    paired_dataset(os.path.join(mirror, "dragnet_data"), os.path.join(out, "dragnet"), "gold", ".txt", 0.7, 0.1)

    # L3S-GN1: pages and their annotated copies.
    paired_dataset(os.path.join(mirror, "page-signal-master"), os.path.join(out, "l3s-gn1"), "annotated", ".html", 0.6, 0.1)


def paired_dataset(source, out, kind, ext, train_share, dev_share):
    """The pages in source/input and their GoldStandard files as out/html/ID.html and out/KIND/ID.EXT, split at random."""
    new_dataset(out)
    docs = pairs(os.path.join(source, "input"), os.path.join(source, "GoldStandard"))
    for i, (page, gold) in docs.items():
        shutil.copyfile(page, os.path.join(out, "html", i + ".html"))
        shutil.copyfile(gold, os.path.join(out, kind, i + ext))
    write_splits(out, *seeded_split(docs, train_share, dev_share))


def wcxb(repo, out):
    out = os.path.join(out, "wcxb")
    new_dataset(out)
    truth = os.path.join(repo, "dev", "ground-truth")
    rows, groups = [], {}
    for name in sorted(os.listdir(truth)):
        if not name.endswith(".json"):
            continue
        i = name[: -len(".json")]
        page = os.path.join(repo, "dev", "html", i + ".html.gz")
        if not os.path.exists(page):
            continue
        with open(os.path.join(truth, name), encoding="utf-8") as f:
            rec = json.load(f)
        gt = rec.get("ground_truth", {})
        page_type = rec.get("_internal", {}).get("page_type", {}).get("primary", "")
        author = gt.get("author") or ""
        if isinstance(author, list):
            author = ", ".join(author)
        shutil.copyfile(page, os.path.join(out, "html", i + ".html.gz"))
        write_text(os.path.join(out, "gold", i + ".txt"), gt.get("main_content") or "")
        rows.append((i, rec.get("url", ""), page_type, gt.get("title") or "", author, gt.get("publish_date") or ""))
        groups.setdefault(page_type, []).append(i)
    write_meta(out, ("id", "url", "page_type", "title", "author", "publish_date"), rows)
    write_splits(out, *stratified_split(groups))


LANGUAGES = {"el": "Greek", "en": "English", "pl": "Polish", "ru": "Russian", "zh": "Chinese", "cn": "Chinese"}


def daniel(repo, out):
    out = os.path.join(out, "daniel")
    new_dataset(out)
    corpus = os.path.join(repo, "corpora", "Corpus_daniel_v2.1")
    with open(os.path.join(corpus, "doc_lg.json"), encoding="utf-8") as f:
        lang = json.load(f)
    rows, groups = [], {}
    for i, (page, ref) in pairs(os.path.join(corpus, "html"), os.path.join(corpus, "reference"), key=str).items():
        language = LANGUAGES.get(lang.get(i, ""), lang.get(i, ""))
        with open(ref, encoding="utf-8") as f:
            paragraphs = re.findall(r"<p>(.*?)</p>", f.read(), re.S)
        gzip_copy(page, os.path.join(out, "html", i + ".html.gz"))
        write_text(os.path.join(out, "gold", i + ".txt"), "\n\n".join(p.strip() for p in paragraphs))
        rows.append((i, "http://" + i.split("_")[1] + "/", language))
        groups.setdefault(language, []).append(i)
    write_meta(out, ("id", "url", "language"), rows)
    write_splits(out, *stratified_split(groups))


def canonical_url(html):
    """The page's address as it states it: an absolute <link rel=canonical>, else an absolute og:url."""
    for tags, attr, value in ((r"<link\b[^>]*>", "rel", "canonical"), (r"<meta\b[^>]*>", "property", "og:url")):
        for tag in re.findall(tags, html, re.I):
            if not re.search(rf"""\b{attr}\s*=\s*["']?{value}["'\s/>]""", tag, re.I):
                continue
            m = re.search(r"""\b(?:href|content)\s*=\s*["']([^"']+)""", tag, re.I)
            if m and re.match(r"https?://", m.group(1).strip()):
                return m.group(1).strip()
    return ""


def chaos(repo, out):
    out = os.path.join(out, "chaos")
    new_dataset(out)
    src = os.path.join(repo, "Extraction", "chaos-all")
    pages = {os.path.splitext(n)[0]: os.path.join(src, "html", n) for n in os.listdir(os.path.join(src, "html"))}
    rows, groups, no_url = [], {}, 0
    for name in sorted(os.listdir(os.path.join(src, "gold"))):
        m = re.fullmatch(r"(.+) \((\d+)\)\.txt", name)
        if not m or os.path.splitext(name)[0] not in pages:
            continue
        query, n = m.group(1), int(m.group(2))
        i = f"{query.replace(',', '-')}-{n:02d}"
        page = pages[os.path.splitext(name)[0]]
        with open(page, "rb") as f:
            url = canonical_url(f.read().decode("utf-8", "replace"))
        if not url:
            no_url += 1
            continue
        with open(os.path.join(src, "gold", name), "rb") as f:
            raw = f.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", "replace")
        lines = [" ".join(line.split()) for line in text.splitlines()]
        gzip_copy(page, os.path.join(out, "html", i + ".html.gz"))
        write_text(os.path.join(out, "gold", i + ".txt"), "\n\n".join(line for line in lines if line))
        rows.append((i, url, query))
        groups.setdefault(query, []).append(i)
    if no_url:
        print(f"  {no_url} pages without a canonical URL left out", file=sys.stderr)
    write_meta(out, ("id", "url", "query"), rows)
    write_splits(out, *stratified_split(groups))


if __name__ == "__main__":
    builders = {"classic": classic, "wcxb": wcxb, "daniel": daniel, "chaos": chaos}
    if len(sys.argv) != 4 or sys.argv[1] not in builders:
        sys.exit(__doc__)
    os.makedirs(sys.argv[3], exist_ok=True)
    builders[sys.argv[1]](sys.argv[2], sys.argv[3])
