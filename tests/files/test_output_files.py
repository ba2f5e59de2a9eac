"""The one safe writer of output files (rulekit.files.output) and ``rulekit draw -o`` through it:
no silent overwrite, no half-written file, never through a symbolic link."""
from __future__ import annotations

import os

import pytest

from rulekit.cli import main
from rulekit.files.output import OutputError, output_path, write_text


def test_a_new_file_is_written_and_an_existing_one_is_kept_unless_forced(tmp_path):
    target = tmp_path / "out.txt"
    write_text(target, "first")
    assert target.read_text() == "first"
    with pytest.raises(OutputError, match="already exists.*force=True"):
        write_text(target, "second")
    assert target.read_text() == "first"
    write_text(target, "third", force=True)
    assert target.read_text() == "third"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]      # no temporary file left


def test_a_symbolic_link_is_never_written_through_even_with_force(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("keep")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    for force in (False, True):
        with pytest.raises(OutputError, match="symbolic link"):
            write_text(link, "evil", force=force)
    assert real.read_text() == "keep" and link.is_symlink()
    dangling = tmp_path / "dangling.txt"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    with pytest.raises(OutputError, match="symbolic link"):
        write_text(dangling, "evil", force=True)
    assert not (tmp_path / "nowhere.txt").exists()


def test_folders_devices_and_missing_folders_are_refused(tmp_path):
    with pytest.raises(OutputError, match="is a folder"):
        write_text(tmp_path, "x", force=True)
    with pytest.raises(OutputError, match="does not exist"):
        write_text(tmp_path / "no" / "such.txt", "x")
    if os.path.exists("/dev/null"):
        with pytest.raises(OutputError, match="not a regular file"):
            write_text("/dev/null", "x", force=True)


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_failure_half_way_leaves_neither_a_half_written_file_nor_a_temporary_one(tmp_path, failure):
    target = tmp_path / "out.txt"
    target.write_text("old")
    with pytest.raises((OutputError, KeyboardInterrupt)):
        with output_path(target, force=True) as temp:
            temp.write_text("half")
            raise failure
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_file_that_appears_while_writing_is_not_replaced(tmp_path):
    target = tmp_path / "out.txt"
    with pytest.raises(OutputError, match="already exists"):
        with output_path(target) as temp:
            temp.write_text("mine")
            target.write_text("theirs")           # someone else wrote it meanwhile
    assert target.read_text() == "theirs"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_draw_refuses_an_existing_file_without_force_and_a_link_always(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out = tmp_path / "step.png"
    args = ["draw", "agot/claim-2-kill", "--step", "3", "-o", str(out)]
    assert main(args) == 0
    first = out.read_bytes()
    out.write_bytes(b"mine")
    capsys.readouterr()
    assert main(args) == 2
    assert "already exists" in capsys.readouterr().err and out.read_bytes() == b"mine"
    assert main(args + ["--force"]) == 0 and out.read_bytes()[:8] == first[:8]
    link = tmp_path / "link.png"
    link.symlink_to(out)
    assert main(["draw", "agot/claim-2-kill", "--step", "3", "-o", str(link), "--force"]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.png", "step.png"]
