"""Writing an output file safely: the one helper every writer of rulekit uses (``rulekit draw -o``,
the ruling page, the card library …).

- an existing file is replaced only when asked (``force``); otherwise the writer is refused and
  the file is left as it was — checked again, without a race, at the moment the file appears;
- the content goes to a temporary file beside the target, renamed into place only once it is
  complete: a failure or a Ctrl-C half way leaves no half-written output (and no temporary file);
- a symbolic link is never written through (nor replaced), with or without ``force``; neither is
  a folder, a device or a pipe.

:func:`check_output` says early (before an expensive drawing) whether a path can be written;
:func:`output_path` gives the temporary path to write to; :func:`write_text` and
:func:`write_bytes` do both for data already in memory.
"""
from __future__ import annotations

import errno
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rulekit.core.errors import RulekitError, escaped


class OutputError(RulekitError, ValueError):
    """An output file that cannot or may not be written: it exists (and ``force`` was not given),
    it is a symbolic link, a folder or a device, its folder is missing, or the write failed."""


def _name(path: Path) -> str:
    return escaped(str(path))


def check_output(path, *, force: bool = False, force_hint: str = "force=True") -> Path:
    """``path`` as a :class:`~pathlib.Path` if rulekit may write it, else :class:`OutputError`
    saying why. ``force_hint`` is how the caller's user asks to replace a file (``--force``)."""
    path = Path(path)
    if path.is_symlink():
        raise OutputError(f"{_name(path)}: is a symbolic link; rulekit never writes through a link "
                          f"(give the path of a file itself)")
    if path.exists():
        if path.is_dir():
            raise OutputError(f"{_name(path)}: is a folder, not a file (give a file's name)")
        if not path.is_file():
            raise OutputError(f"{_name(path)}: is not a regular file (a device, a pipe or a socket); "
                              f"give a file's name")
        if not force:
            raise OutputError(f"{_name(path)}: the file already exists; rulekit does not replace a file unless "
                              f"told to ({force_hint}), or give another name")
    parent = path.parent
    if not parent.is_dir():
        raise OutputError(f"{_name(path)}: cannot write the file: the folder {_name(parent)} does not exist")
    return path


def _mode() -> int:
    """The permissions a new file gets from the process's umask (a temporary file gets 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _commit(temp: Path, path: Path, *, force: bool, force_hint: str) -> None:
    """Move the complete ``temp`` to ``path``: a hard link when nothing may be replaced (it fails,
    atomically, if a file appeared meanwhile), else a rename (which replaces a link, never writes
    through it)."""
    if not force:
        try:
            os.link(temp, path)
        except FileExistsError:
            raise OutputError(f"{_name(path)}: the file already exists; rulekit does not replace a file unless "
                              f"told to ({force_hint}), or give another name") from None
        except OSError as e:
            if e.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK, errno.EACCES):
                raise
            check_output(path, force=False, force_hint=force_hint)    # no hard links here: check, then rename
            os.replace(temp, path)
            return
        os.unlink(temp)
        return
    check_output(path, force=True, force_hint=force_hint)
    os.replace(temp, path)


@contextmanager
def output_path(path, *, force: bool = False, force_hint: str = "force=True") -> Iterator[Path]:
    """A temporary path beside ``path`` (same suffix) to write the whole output to; when the block
    ends without an error it becomes ``path``. On an error, or a Ctrl-C, the temporary file is
    removed and ``path`` is left as it was. Raises :class:`OutputError` (before the block runs
    when it can) for a path rulekit may not write."""
    path = check_output(path, force=force, force_hint=force_hint)
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=f".tmp{path.suffix}", dir=path.parent)
    except OSError as e:
        raise OutputError(f"{_name(path)}: cannot write the file: {e.strerror or e}") from None
    os.close(fd)
    temp = Path(name)
    try:
        try:
            yield temp
            os.chmod(temp, _mode())
            _commit(temp, path, force=force, force_hint=force_hint)
        except OSError as e:
            raise OutputError(f"{_name(path)}: cannot write the file: {e.strerror or e}") from None
    finally:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass


def write_bytes(path, data: bytes, *, force: bool = False, force_hint: str = "force=True") -> Path:
    """Write ``data`` to ``path`` safely (see the module); returns the path written."""
    with output_path(path, force=force, force_hint=force_hint) as temp:
        with open(temp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    return Path(path)


def write_text(path, text: str, *, force: bool = False, force_hint: str = "force=True",
               encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` safely (see the module); returns the path written."""
    return write_bytes(path, text.encode(encoding), force=force, force_hint=force_hint)
