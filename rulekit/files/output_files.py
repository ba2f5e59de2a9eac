"""Output files written safely: an existing file is overwritten only when asked (``--force``),
nothing is ever written through a symbolic link, and the text goes to a temporary file in the same
folder that is then renamed over the target — so a failure or Ctrl-C leaves the old file or none,
never half of one."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from rulekit.core.errors import RulekitError, escaped


class OutputError(RulekitError):
    """An output file that rulekit will not, or cannot, write."""


def write_output(path: "str | Path", text: str, *, force: bool = False) -> None:
    """Write ``text`` (UTF-8) to ``path``: refused if it is a symbolic link or not a regular file,
    or exists and ``force`` is not given."""
    target = Path(path)
    name = escaped(str(path))
    if target.is_symlink():
        raise OutputError(f"{name}: is a symbolic link: rulekit never writes through one (name the file itself)")
    if target.exists():
        if not target.is_file():
            raise OutputError(f"{name}: exists and is not a regular file")
        if not force:
            raise OutputError(f"{name}: exists: give --force to overwrite it")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"{name}: no such folder {escaped(str(folder))!r}")
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".part")
    except OSError as e:
        raise OutputError(f"{name}: cannot write here: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)        # a rename: it replaces a link made meanwhile, never follows it
    except BaseException as e:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise OutputError(f"{name}: cannot write the file: {e.strerror or e}") from None
        raise
