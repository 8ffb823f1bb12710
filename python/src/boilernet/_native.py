"""The shared library (the Go capi module, built with -buildmode=c-shared)
and its functions, through ctypes.

The library is loaded on first use, not on import: the Go runtime starts
threads when it loads, and a process that forks after that (multiprocessing's
"fork", a PySpark worker daemon) would give its children a runtime without
them. Import boilernet before a fork freely; extract after it.
"""

from __future__ import annotations

import ctypes
import json
import os
import threading
from pathlib import Path
from typing import Any

LIBRARY = "libboilernet.so"

_lock = threading.Lock()
_lib: ctypes.CDLL | None = None
_pid: int | None = None


def library_path() -> Path:
    """The shared library's path: $BOILERNET_LIBRARY, or the one installed
    beside this module."""
    env = os.environ.get("BOILERNET_LIBRARY")
    return Path(env) if env else Path(__file__).with_name(LIBRARY)


def lib() -> ctypes.CDLL:
    """The shared library, loaded once. ctypes.CDLL releases the GIL for
    the length of each call, so threads extract in parallel."""
    global _lib, _pid
    if _lib is not None:
        if _pid != os.getpid():
            raise RuntimeError(
                "boilernet: the library was loaded before this process forked, and the Go runtime does not "
                "survive a fork: extract only after the fork (or use the 'spawn' or 'forkserver' start method)"
            )
        return _lib
    with _lock:
        if _lib is None:
            path = library_path()
            if not path.is_file():
                raise ImportError(
                    f"boilernet: the shared library {path} is missing (install the package with pip, which builds "
                    "it, or set BOILERNET_LIBRARY to one built with go build -buildmode=c-shared in capi/)"
                )
            dll = ctypes.CDLL(str(path))
            dll.boilernet_new.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
            dll.boilernet_new.restype = ctypes.c_size_t
            dll.boilernet_close.argtypes = [ctypes.c_size_t]
            dll.boilernet_close.restype = None
            dll.boilernet_extract.argtypes = [
                ctypes.c_size_t,
                ctypes.c_char_p,
                ctypes.c_size_t,
                ctypes.c_char_p,
                ctypes.c_size_t,
            ]
            dll.boilernet_extract.restype = ctypes.c_void_p
            dll.boilernet_version.argtypes = []
            dll.boilernet_version.restype = ctypes.c_void_p
            dll.boilernet_free.argtypes = [ctypes.c_void_p]
            dll.boilernet_free.restype = None
            _lib, _pid = dll, os.getpid()
    return _lib


def _take(dll: ctypes.CDLL, p: int | None) -> bytes:
    """The bytes of a string the library returned, which it frees."""
    if not p:
        return b""
    try:
        return ctypes.string_at(p)
    finally:
        dll.boilernet_free(p)


def new(models: str) -> int:
    """A handle to an extractor of the model files of a comma-separated
    list ("": the embedded model's, 0). Raises OSError naming the file."""
    dll = lib()
    err = ctypes.c_void_p()
    h = dll.boilernet_new(models.encode(), ctypes.byref(err))
    if not h:
        msg = _take(dll, err.value).decode("utf-8", "replace")
        raise OSError(msg or "boilernet: the model could not be loaded")
    return int(h)


def close(handle: int) -> None:
    if handle:
        lib().boilernet_close(handle)


def extract(handle: int, page: bytes, options: bytes) -> dict[str, Any]:
    """One page's response, decoded: its record and output, or "error"."""
    dll = lib()
    return json.loads(_take(dll, dll.boilernet_extract(handle, page, len(page), options, len(options))))


def version() -> str:
    dll = lib()
    return _take(dll, dll.boilernet_version()).decode()
