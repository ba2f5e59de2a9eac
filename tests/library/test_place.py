"""Where the card library lives: ``RULEKIT_DATA`` when set, else the user's data directory; the
tests never touch the real one; a database that is not a card library is refused, not changed."""
from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import DATA

from rulekit.cli import main
from rulekit.library.errors import LibraryError
from rulekit.library.place import data_dir, database_path
from rulekit.library.store import SCHEMA_VERSION, Library


def test_rulekit_data_is_respected(data_dir, capsys):
    assert database_path() == data_dir / "cards.sqlite3"
    assert main(["cards", "import", str(DATA / "riftbound-cards.json")]) == 0
    assert (data_dir / "cards.sqlite3").is_file()
    assert str(data_dir) in (main(["cards", "report"]) or capsys.readouterr().out)


def test_the_whole_test_run_uses_a_temporary_data_directory():
    # set by tests/conftest.py before any test is collected: never the user's card library
    chosen = Path(os.environ["RULEKIT_DATA"])
    assert str(chosen).startswith(tempfile.gettempdir()) or "pytest" in str(chosen)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the Linux and Unix data directory")
def test_without_rulekit_data_the_users_data_directory(monkeypatch, tmp_path):
    monkeypatch.delenv("RULEKIT_DATA")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert data_dir() == tmp_path / ".local" / "share" / "rulekit"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "rulekit"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")          # the XDG spec: only absolute paths
    assert data_dir() == tmp_path / ".local" / "share" / "rulekit"
    monkeypatch.setenv("RULEKIT_DATA", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"


def test_the_schema_is_versioned(data_dir):
    Library().store([])
    conn = sqlite3.connect(data_dir / "cards.sqlite3")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    with pytest.raises(LibraryError, match="newer rulekit"):
        Library().cards()
    with pytest.raises(LibraryError, match="newer rulekit"):
        Library().store([])


@pytest.mark.parametrize("content", [b"not a database at all" * 100, None])
def test_a_file_that_is_no_card_library_is_refused_and_left_alone(data_dir, content, capsys):
    data_dir.mkdir(parents=True)
    path = data_dir / "cards.sqlite3"
    if content is None:                  # another program's SQLite database
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE mine (x)")
        conn.commit()
        conn.close()
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    assert main(["cards", "import", str(DATA / "riftbound-cards.json")]) == 2
    assert "card library" in capsys.readouterr().err
    assert main(["cards", "search", "x"]) == 2
    assert path.read_bytes() == before


def test_a_database_that_is_a_symbolic_link_is_refused(data_dir, tmp_path, capsys):
    data_dir.mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere.sqlite3"
    (data_dir / "cards.sqlite3").symlink_to(elsewhere)
    assert main(["cards", "import", str(DATA / "riftbound-cards.json")]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert not elsewhere.exists()
