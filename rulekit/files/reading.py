"""A file's text read safely (standard input, regular files only, at most :data:`~rulekit.files.yamlnodes.MAX_BYTES`), and
parsed into plain data with a line and column for every value."""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from rulekit.core.errors import ScenarioError
from rulekit.files.yamlnodes import MAX_BYTES, load_json, load_text


def read_text(path: "str | Path") -> str:
    """A file's text, read safely: ``-`` is standard input; only a regular file is opened (a
    FIFO, device or folder is refused without waiting on it); at most :data:`~rulekit.files.yamlnodes.MAX_BYTES` plus
    one byte is ever read, so a huge or endless input is refused without being read."""
    name = str(path)
    if name == "-":
        raw = sys.stdin.buffer.read(MAX_BYTES + 1)
    else:
        try:
            info = os.stat(name)
        except (OSError, ValueError) as e:
            raise ScenarioError(f"cannot read the file: {getattr(e, 'strerror', None) or e}", file=name) from None
        _regular_file(info, name)
        try:
            fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as e:
            raise ScenarioError(f"cannot read the file: {e.strerror}", file=name) from None
        with os.fdopen(fd, "rb") as f:
            _regular_file(os.fstat(fd), name)          # the same file it was a moment ago
            try:
                raw = f.read(MAX_BYTES + 1)
            except OSError as e:
                raise ScenarioError(f"cannot read the file: {e.strerror}", file=name) from None
    if len(raw) > MAX_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_BYTES:,} bytes", file=name,
                            expected="a scenario file of at most 1 MB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ScenarioError(f"the file is not UTF-8 text (byte {e.start})", file=name) from None


def _regular_file(info: os.stat_result, name: str) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise ScenarioError("this is a folder, not a scenario file", file=name)
    if not stat.S_ISREG(info.st_mode):
        kind = "a FIFO (named pipe)" if stat.S_ISFIFO(info.st_mode) else \
            "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode) else \
            "a socket" if stat.S_ISSOCK(info.st_mode) else "not a regular file"
        raise ScenarioError(f"this is {kind}, not a regular file: rulekit reads only files (or '-' for standard input)",
                            file=name)
    if info.st_size > MAX_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_BYTES:,} bytes ({info.st_size:,})", file=name,
                            expected="a scenario file of at most 1 MB")


def _parse(text: str, file: str) -> tuple[object, dict]:
    if "\x00" in text:
        raise ScenarioError("the file contains a NUL byte: it is not a text file", file=file)
    if str(file).lower().endswith(".json"):
        return load_json(text, file)
    return load_text(text, file)
