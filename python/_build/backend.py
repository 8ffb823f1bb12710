"""The build backend of the boilernet package (PEP 517), standard library only.

It builds the Go library (the capi module of the repository this
directory sits in) with ``go build -buildmode=c-shared`` into a temporary
directory and writes a wheel holding the Python package and the shared
library. So ``pip install ./python`` and ``pip wheel ./python`` download
nothing: they need Go (the ``go`` of PATH, or $BOILERNET_GO) and a C
compiler for cgo.

An sdist holds the Go sources the library is built from (``go/``), so it
builds without the repository.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent  # python/
LIBRARY = "libboilernet.so"

_REPRODUCIBLE = (2020, 1, 1, 0, 0, 0)  # the time stamp of every file in a wheel


def _project() -> dict:
    """The [project] table of pyproject.toml."""
    text = (HERE / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib
    except ImportError:  # Python < 3.11: the few plain keys this file has
        project, table = {}, None
        for line in text.splitlines():
            line = line.strip()
            if line.startswith("["):
                table = line
            elif table == "[project]" and (m := re.match(r'([\w-]+)\s*=\s*"([^"]*)"', line)):
                project[m[1]] = m[2]
        return project
    return tomllib.loads(text)["project"]


def _dist_name() -> str:
    p = _project()
    return f"{p['name']}-{p['version']}"


def _metadata() -> str:
    p = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {p['name']}",
        f"Version: {p['version']}",
        f"Summary: {p.get('description', '')}",
    ]
    if "requires-python" in p:
        lines.append(f"Requires-Python: {p['requires-python']}")
    return "\n".join(lines) + "\n"


def _platform_tag() -> str:
    return re.sub(r"[^\w]", "_", sysconfig.get_platform())


def _wheel_file(tag: str) -> str:
    return "\n".join([
        "Wheel-Version: 1.0",
        "Generator: boilernet backend",
        "Root-Is-Purelib: false",
        f"Tag: {tag}",
    ]) + "\n"


def _go_root() -> Path:
    """The directory of the Go module that holds capi: the repository
    (a source tree) or go/ (an sdist)."""
    for root in (HERE / "go", HERE.parent):
        if (root / "capi" / "go.mod").is_file() and (root / "go.mod").is_file():
            return root
    raise RuntimeError(f"boilernet: no Go sources beside {HERE} (neither ../capi nor go/capi)")


def _go() -> str:
    go = os.environ.get("BOILERNET_GO") or shutil.which("go")
    if not go:
        raise RuntimeError("boilernet: building the package needs Go (https://go.dev/dl/) on PATH, or $BOILERNET_GO")
    return go


def build_library(out_dir: str | os.PathLike) -> Path:
    """Builds the shared library into out_dir and returns its path."""
    out = Path(out_dir) / LIBRARY
    env = dict(os.environ, CGO_ENABLED="1")
    cmd = [_go(), "build", "-buildmode=c-shared", "-trimpath", "-o", str(out), "."]
    print("boilernet: " + " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=_go_root() / "capi", env=env, check=True)
    (Path(out_dir) / "libboilernet.h").unlink(missing_ok=True)
    return out


# PEP 517 hooks.


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = Path(metadata_directory) / f"{_dist_name()}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(_metadata(), encoding="utf-8")
    (dist_info / "WHEEL").write_text(_wheel_file(f"py3-none-{_platform_tag()}"), encoding="utf-8")
    return dist_info.name


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    tag = f"py3-none-{_platform_tag()}"
    dist = _dist_name()
    wheel = Path(wheel_directory) / f"{dist}-{tag}.whl"
    with tempfile.TemporaryDirectory(prefix="boilernet-build-") as tmp:
        lib = build_library(tmp)
        files: list[tuple[str, bytes, int]] = []  # name, bytes, mode
        src = HERE / "src"
        for path in sorted((src / "boilernet").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                files.append((path.relative_to(src).as_posix(), path.read_bytes(), 0o644))
        files.append((f"boilernet/{LIBRARY}", lib.read_bytes(), 0o755))
        files.append((f"{dist}.dist-info/METADATA", _metadata().encode(), 0o644))
        files.append((f"{dist}.dist-info/WHEEL", _wheel_file(tag).encode(), 0o644))
        record = f"{dist}.dist-info/RECORD"
        lines = [_record_line(name, data) for name, data, _ in files] + [f"{record},,"]
        files.append((record, ("\n".join(lines) + "\n").encode(), 0o644))
        part = wheel.with_suffix(".part")
        with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data, mode in files:
                info = zipfile.ZipInfo(name, _REPRODUCIBLE)
                info.external_attr = (0o100000 | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
        part.replace(wheel)
    return wheel.name


def _go_sources(root: Path) -> list[Path]:
    """The files of the main module that capi is built from: go.mod and
    go.sum, and the Go, assembly and embedded files of each package it
    imports, relative to root."""
    out = subprocess.run(
        [_go(), "list", "-deps", "-json", "."], cwd=root / "capi", check=True, capture_output=True, text=True
    ).stdout
    files = {Path("go.mod"), Path("go.sum"), Path("capi/go.mod"), Path("capi/go.sum")}
    dec, pos = json.JSONDecoder(), 0
    while pos < len(out):
        pkg, pos = dec.raw_decode(out, pos)
        while pos < len(out) and out[pos].isspace():
            pos += 1
        module = (pkg.get("Module") or {}).get("Path", "")
        if not module.startswith("github.com/boilernet/boilernet"):
            continue
        d = Path(pkg["Dir"]).relative_to(root)
        for key in ("GoFiles", "CgoFiles", "SFiles", "HFiles", "CFiles", "EmbedFiles", "IgnoredGoFiles"):
            files.update(d / f for f in pkg.get(key) or [])
    return sorted(files)


def build_sdist(sdist_directory, config_settings=None):
    dist = _dist_name()
    sdist = Path(sdist_directory) / f"{dist}.tar.gz"
    root = _go_root()

    def add(tar: tarfile.TarFile, path: Path, arcname: str) -> None:
        info = tar.gettarinfo(str(path), arcname)
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        info.mtime = 1577836800
        with open(path, "rb") as f:
            tar.addfile(info, f)

    with tarfile.open(sdist, "w:gz") as tar:
        for path in sorted(HERE.rglob("*")):
            rel = path.relative_to(HERE)
            if path.is_file() and rel.parts[0] != "go" and "__pycache__" not in rel.parts and path.suffix != ".pyc":
                add(tar, path, f"{dist}/{rel.as_posix()}")
        for rel in _go_sources(root):
            add(tar, root / rel, f"{dist}/go/{rel.as_posix()}")
        pkg_info = io.BytesIO(_metadata().encode())
        info = tarfile.TarInfo(f"{dist}/PKG-INFO")
        info.size, info.mtime = len(pkg_info.getvalue()), 1577836800
        tar.addfile(info, pkg_info)
    return sdist.name
