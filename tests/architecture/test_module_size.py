"""No module over 450 lines: one that grows past it is split by what its parts do, not cut at a
line count (``docs/architecture.md``)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 450


def _lines(folder: str) -> dict[str, int]:
    return {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
            for path in sorted((ROOT / folder).rglob("*.py"))}


def test_the_modules_are_found():
    assert "rulekit/core/engine.py" in _lines("rulekit") and "widgets/views.py" in _lines("widgets")


def test_no_module_under_rulekit_or_widgets_is_over_450_lines():
    too_long = {path: n for folder in ("rulekit", "widgets") for path, n in _lines(folder).items() if n > MAX_LINES}
    assert too_long == {}, f"split these by what their parts do: {too_long}"
