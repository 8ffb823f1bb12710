"""boilernet: the main content of web pages, in-process.

The Go library of https://github.com/boilernet/boilernet (a bidirectional
LSTM labeler over a page's text blocks, and markup rules) as a shared
library called with ctypes: no subprocess, the GIL released while a page
is extracted, the same results as ``boilernet extract -format json``.

>>> import boilernet
>>> r = boilernet.extract(open("testdata/sample.html", "rb").read())
>>> r.title
'Night trains return to the Alps'
>>> ex = boilernet.Extractor()
>>> for r in ex.extract_many(pages, workers=4):  # doctest: +SKIP
...     print(r.confidence, r.text[:60])
"""

from __future__ import annotations

import collections
import concurrent.futures
import dataclasses
import gzip
import json
import os
import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal, NamedTuple, TypedDict, Union

from . import _native

__all__ = [
    "FORMATS",
    "Block",
    "BoilernetError",
    "Comment",
    "ExtractionError",
    "Extractor",
    "Image",
    "Link",
    "Metadata",
    "Page",
    "Result",
    "extract",
    "version",
]

FORMATS = ("text", "json", "jsonl", "html", "markdown", "xml", "tei")
"""The output formats, those of ``boilernet extract -format``."""

Format = Literal["text", "json", "jsonl", "html", "markdown", "xml", "tei"]


class Metadata(TypedDict, total=False):
    """What a page says about itself: the ``metadata`` object of the CLI's JSON."""

    title: str
    authors: list[str]
    published: str  # ISO 8601
    modified: str
    site_name: str
    description: str
    language: str  # BCP 47
    language_detected: bool  # detected from the text, not stated by the page
    canonical: str
    image: str
    tags: list[str]


class Comment(TypedDict, total=False):
    """A reader's comment (``comments=True``); never part of the text."""

    author: str
    date: str
    text: str


class Link(TypedDict):
    """A link of the content (``links=True``)."""

    text: str
    href: str


class Image(TypedDict, total=False):
    """An image of the content (``images=True``); lead: the page's lead image."""

    alt: str
    src: str
    lead: bool


class Block(TypedDict, total=False):
    """One leaf text block of the page and the model's verdict (``format="json"``)."""

    text: str
    prob: float  # P(content)
    content: bool  # in the text
    headline: bool  # the headline, taken out of the text into the title
    locator: str  # an XPath-like path to the text node


class BoilernetError(Exception):
    """The base of this package's errors."""


class _OptionsError(BoilernetError, ValueError):
    """An option no page can pass (an unknown method, say)."""


class ExtractionError(BoilernetError, ValueError):
    """A page could not be extracted. ``input`` names the page (its name,
    path or URL), ``reason`` says what was wrong."""

    def __init__(self, input: str, reason: str) -> None:
        super().__init__(f"{input}: {reason}")
        self.input = input
        self.reason = reason

    def __reduce__(self):  # picklable, for multiprocessing and Spark
        return (type(self), (self.input, self.reason))


@dataclasses.dataclass(frozen=True)
class Result:
    """The extraction of one page.

    The fields are those of ``boilernet extract -format json`` (``to_dict``
    gives that record back); a string the CLI leaves out is ``""``, a list
    ``[]``. ``language`` is ``metadata["language"]``; ``output`` is what
    ``boilernet extract -format FORMAT`` writes for the page (for json the
    page's record, an element of the CLI's array).
    """

    title: str
    """The page's title: its headline when the headline was taken out of the text."""
    text: str
    """The content, paragraphs on their own lines; no title, no metadata."""
    metadata: Metadata
    confidence: float | None
    """The token F1 the extraction expects of itself (0 to 1); None for a
    method that gives verdicts only."""
    comments: list[Comment]
    empty: bool
    """No content text was found (``warning`` says why)."""
    language: str
    url: str = ""
    links: list[Link] = dataclasses.field(default_factory=list)
    images: list[Image] = dataclasses.field(default_factory=list)
    warning: str = ""
    encoding: str = ""
    """The encoding the page was read with."""
    blocks: list[Block] = dataclasses.field(default_factory=list, repr=False)
    """Every block with its probability (``format="json"`` only)."""
    output: str = dataclasses.field(default="", repr=False)
    name: str = "-"
    """The page's name: the name or URL given, its path, or "-" (the
    CLI's "file")."""

    @classmethod
    def _from_response(cls, d: dict[str, Any], fmt: str, name: str) -> Result:
        text = d.get("text", "")
        meta = d.get("metadata") or {}
        output = d.get("output", "")
        if fmt == "text":
            output = text + "\n" if text else ""
        return cls(
            title=d.get("title", ""),
            text=text,
            metadata=meta,
            confidence=d.get("confidence"),
            comments=d.get("comments") or [],
            empty=d.get("empty", False),
            language=meta.get("language", ""),
            url=d.get("url", ""),
            links=d.get("links") or [],
            images=d.get("images") or [],
            warning=d.get("warning", ""),
            encoding=d.get("encoding", ""),
            blocks=d.get("blocks") or [],
            output=output,
            name=name,
        )

    def to_dict(self) -> dict[str, Any]:
        """The page's record as ``boilernet extract -format json`` writes it
        (``file`` is ``name``; ``blocks`` only with ``format="json"``): for
        ``json.dumps``, a JSONL corpus line."""
        d: dict[str, Any] = {"file": self.name}
        for key in ("url", "title"):
            if getattr(self, key):
                d[key] = getattr(self, key)
        d["text"] = self.text
        for key in ("metadata", "links", "images", "comments"):
            if getattr(self, key):
                d[key] = getattr(self, key)
        if self.confidence is not None:
            d["confidence"] = self.confidence
        if self.empty:
            d["empty"] = True
        for key in ("warning", "encoding", "blocks"):
            if getattr(self, key):
                d[key] = getattr(self, key)
        return d


class Page(NamedTuple):
    """One page for ``Extractor.extract_many``: its HTML, and optionally its
    URL and a name for errors. A plain tuple ``(html, url)`` does as well."""

    html: str | bytes
    url: str | None = None
    name: str | None = None


PageLike = Union[str, bytes, bytearray, memoryview, os.PathLike, Page, tuple]
"""What extract_many takes: HTML (str or bytes), a path (os.PathLike: a
file, gzipped when its name ends in .gz), or a Page or (html, url) tuple."""


def _page_bytes(html: Any) -> tuple[bytes, str]:
    """The bytes to extract and the charset they are known to have: a str
    is UTF-8 (its charset declaration, written for other bytes, is
    ignored), bytes say their own."""
    if isinstance(html, str):
        try:
            return html.encode("utf-8"), "utf-8"
        except UnicodeEncodeError:  # lone surrogates: replaced by U+FFFD
            fixed = html.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
            return fixed.encode("utf-8"), "utf-8"
    if isinstance(html, bytes):
        return html, ""
    if isinstance(html, (bytearray, memoryview)):
        return bytes(html), ""
    raise TypeError(f"boilernet: a page is str or bytes, not {type(html).__name__}")


def _check_options(url: Any, format: Any, method: Any, name: Any) -> None:
    if url is not None and not isinstance(url, str):
        raise TypeError(f"boilernet: url is a str or None, not {type(url).__name__}")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"boilernet: name is a str or None, not {type(name).__name__}")
    if not isinstance(method, str):
        raise TypeError(f"boilernet: method is a str, not {type(method).__name__}")
    if format not in FORMATS:
        raise ValueError(f"boilernet: format {format!r}: unknown format (valid: {', '.join(FORMATS)})")


class Extractor:
    """Extracts pages with one model: the embedded one (``model_path=None``),
    or a model file trained with ``boilernet train`` (a list of files:
    their probabilities averaged). Safe to share between threads; close it
    (or use it as a context manager) to free a model file's memory early.

    Raises OSError when the model cannot be loaded, naming the file.
    """

    def __init__(self, model_path: str | os.PathLike | Sequence[str | os.PathLike] | None = None) -> None:
        self._handle = 0
        self._closed = False
        if model_path is None:
            return
        if isinstance(model_path, (str, os.PathLike)):
            paths = [os.fspath(model_path)]
        else:
            paths = [os.fspath(p) for p in model_path]
        if not paths or any(not p or "," in p for p in paths):
            raise ValueError(f"boilernet: bad model path list {model_path!r}")
        self._handle = _native.new(",".join(paths))

    def close(self) -> None:
        """Frees the model (the embedded one stays loaded for the process)."""
        if not self._closed:
            self._closed = True
            h, self._handle = self._handle, 0
            _native.close(h)

    def __enter__(self) -> Extractor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def extract(
        self,
        html: str | bytes,
        url: str | None = None,
        *,
        format: Format = "text",
        comments: bool = False,
        links: bool = False,
        images: bool = False,
        method: str = "bilstm",
        keep_headline: bool = False,
        name: str | None = None,
    ) -> Result:
        """Extracts the main content of one page.

        html: the page, as bytes (its encoding found as a browser would:
        BOM, <meta charset>, then a guess) or str (already decoded).
        url: the page's address, for its relative links and its metadata.
        format: what ``Result.output`` holds, one of FORMATS; "json" also
        fills ``Result.blocks``. comments, links, images: fill those fields
        (as ``-comments``, ``-links``, ``-images``). method: a method spec
        of ``boilernet extract -method`` ("bilstm", "bilstm:precision",
        "boilerpipe-numwords", ...). keep_headline: leave the headline in
        the text. name: the page's name in errors and in the json output's
        "file" (default: the URL, or "-").

        Raises ExtractionError (a ValueError) naming the page when it cannot
        be extracted (too large, too many elements), ValueError for an
        unknown format or method, TypeError for arguments of the wrong type.
        """
        _check_options(url, format, method, name)
        data, charset = _page_bytes(html)
        return self._extract(data, charset, self._options(url, name, charset, format, comments, links, images, method, keep_headline), format)

    def _options(self, url, name, charset, format, comments, links, images, method, keep_headline) -> dict[str, Any]:
        return {
            "name": name or url or "-",
            "url": url or "",
            "charset": charset,
            "format": format,
            "method": method,
            "comments": bool(comments),
            "links": bool(links),
            "images": bool(images),
            "keep_headline": bool(keep_headline),
        }

    def _extract(self, data: bytes, charset: str, options: dict[str, Any], format: str) -> Result:
        if self._closed:
            raise ValueError("boilernet: the extractor is closed")
        options["charset"] = charset
        d = _native.extract(self._handle, data, json.dumps(options).encode())
        if "error" in d:
            name = options["name"]
            reason = d["error"]
            if reason.startswith(name + ": "):
                reason = reason[len(name) + 2 :]
            if d.get("bad_options"):
                raise _OptionsError(f"boilernet: {reason}")
            raise ExtractionError(name, reason)
        return Result._from_response(d, format, options["name"])

    def extract_many(
        self,
        pages: Iterable[PageLike],
        *,
        workers: int = 0,
        format: Format = "text",
        comments: bool = False,
        links: bool = False,
        images: bool = False,
        method: str = "bilstm",
        keep_headline: bool = False,
        errors: Literal["yield", "raise"] = "yield",
    ) -> Iterator[Result | ExtractionError]:
        """Extracts many pages on ``workers`` threads (0: one per CPU core),
        yielding their results in the order of ``pages``, which is read as
        the work goes (at most 4 pages a worker ahead of the one yielded).

        Each page is HTML (str or bytes), a path (os.PathLike; gzipped when
        its name ends in .gz), or a ``Page``/``(html, url)`` tuple. A page
        that fails is, with ``errors="yield"``, an ExtractionError yielded
        in its place, naming it (its name, path, URL, or "#N", its position
        from 0); with ``errors="raise"`` the error is raised in its turn.
        Other options as ``extract``; a bad option raises ValueError at once.
        """
        _check_options(None, format, method, None)
        if not isinstance(workers, int) or workers < 0:
            raise ValueError(f"boilernet: workers is an int ≥ 0, not {workers!r}")
        if errors not in ("yield", "raise"):
            raise ValueError(f"boilernet: errors is 'yield' or 'raise', not {errors!r}")
        workers = workers or os.cpu_count() or 1
        opts = self._options(None, None, "", format, comments, links, images, method, keep_headline)

        def one(i: int, page: Any) -> Result | ExtractionError:
            name = f"#{i}"
            try:
                html, url = page, None
                if isinstance(page, tuple):
                    if not 1 <= len(page) <= 3:
                        raise TypeError(f"a page tuple is (html, url) or (html, url, name), not {len(page)} items")
                    html, url, pname = (tuple(page) + (None, None))[:3]
                    _check_options(url, format, method, pname)
                    name = pname or url or name
                if isinstance(html, os.PathLike):
                    path = os.fspath(html)
                    if name == f"#{i}":
                        name = path
                    with open(path, "rb") as f:
                        html = f.read()
                    if path.lower().endswith(".gz"):
                        html = gzip.decompress(html)
                data, charset = _page_bytes(html)
                return self._extract(data, charset, dict(opts, name=name, url=url or ""), format)
            except ExtractionError as e:
                return e
            except _OptionsError:
                raise
            except (OSError, TypeError, ValueError, EOFError) as e:
                reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
                return ExtractionError(name, reason.removeprefix("boilernet: "))

        window = 4 * workers
        with concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="boilernet") as pool:
            pending: collections.deque[concurrent.futures.Future] = collections.deque()
            it = iter(pages)
            i = 0
            try:
                while True:
                    while len(pending) < window:
                        try:
                            page = next(it)
                        except StopIteration:
                            break
                        pending.append(pool.submit(one, i, page))
                        i += 1
                    if not pending:
                        return
                    r = pending.popleft().result()
                    if isinstance(r, ExtractionError) and errors == "raise":
                        raise r
                    yield r
            finally:
                for f in pending:
                    f.cancel()


_default: Extractor | None = None
_default_lock = threading.Lock()


def _default_extractor() -> Extractor:
    global _default
    if _default is None:
        with _default_lock:
            if _default is None:
                _default = Extractor()
    return _default


def extract(
    html: str | bytes,
    url: str | None = None,
    *,
    format: Format = "text",
    comments: bool = False,
    links: bool = False,
    images: bool = False,
    method: str = "bilstm",
    keep_headline: bool = False,
    name: str | None = None,
) -> Result:
    """Extracts the main content of one page with the embedded model: see
    ``Extractor.extract``."""
    return _default_extractor().extract(
        html,
        url,
        format=format,
        comments=comments,
        links=links,
        images=images,
        method=method,
        keep_headline=keep_headline,
        name=name,
    )


def version() -> str:
    """The Go release and the embedded model the library was built with."""
    return _native.version()
