"""Reading is bounded: a FIFO or a device is refused without waiting, a 30 MB file without being
read into memory, and standard input is read up to the limit and no further."""
from __future__ import annotations

import io
import os
import sys
import threading
import tracemalloc
from pathlib import Path

import pytest

from rulekit import ScenarioError
from rulekit.cli import main
from rulekit.files import load_scenario
from rulekit.files.yamlnodes import MAX_BYTES

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"
BASE = CLAIM.read_text()


def _within(seconds: float, fn):
    out: dict = {}

    def run():
        try:
            out["value"] = fn()
        except BaseException as e:  # noqa: BLE001
            out["error"] = e
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "hung"
    return out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    out = _within(5, lambda: load_scenario(fifo))
    assert isinstance(out.get("error"), ScenarioError) and "FIFO" in str(out["error"])
    out = _within(5, lambda: main(["check", str(fifo)]))
    assert out["value"] == 2


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_such_as_dev_zero_is_refused():
    out = _within(5, lambda: load_scenario("/dev/zero"))
    assert isinstance(out.get("error"), ScenarioError) and "device" in str(out["error"])


def test_a_30_mb_file_is_refused_without_being_read_into_memory(tmp_path):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.write(b"title: x\n")
        f.truncate(30_000_000)
    tracemalloc.start()
    try:
        with pytest.raises(ScenarioError) as err:
            load_scenario(big)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "larger than 1,000,000 bytes" in str(err.value)
    assert peak < 3_000_000


class _Endless(io.RawIOBase):
    """An endless standard input that counts what was asked of it."""

    def __init__(self):
        self.asked = 0

    def readable(self):
        return True

    def read(self, n=-1):
        assert n is not None and n >= 0, "read the whole stream"
        self.asked += n
        return b"a" * n


def test_stdin_is_read_with_a_bound(monkeypatch):
    endless = _Endless()
    monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": endless})())
    with pytest.raises(ScenarioError) as err:
        load_scenario("-")
    assert "larger than" in str(err.value) and endless.asked == MAX_BYTES + 1
    monkeypatch.setattr(sys, "stdin", type("In", (), {"buffer": io.BytesIO(BASE.encode())})())
    assert load_scenario("-").scenario.title == "Claim 2 military kill"
