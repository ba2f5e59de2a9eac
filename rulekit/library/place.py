"""Where the card library lives: the directory named by the environment variable ``RULEKIT_DATA``
if it is set, else the user's data directory — ``$XDG_DATA_HOME/rulekit`` (by default
``~/.local/share/rulekit``) on Linux and other Unix systems, ``~/Library/Application
Support/rulekit`` on macOS, ``%LOCALAPPDATA%\\rulekit`` on Windows. The database is the file
:data:`DATABASE` in it."""
from __future__ import annotations

import os
import sys
from pathlib import Path

#: the environment variable naming the directory that holds rulekit's data (the card library)
ENV = "RULEKIT_DATA"
#: the card library's file in that directory
DATABASE = "cards.sqlite3"


def data_dir() -> Path:
    """The directory of rulekit's data (not created here)."""
    chosen = os.environ.get(ENV, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / "rulekit"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "rulekit"
    xdg = os.environ.get("XDG_DATA_HOME", "").strip()
    return (Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share") / "rulekit"


def database_path() -> Path:
    """The card library's database file."""
    return data_dir() / DATABASE
