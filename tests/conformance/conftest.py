"""The conformance suite imports the shared test modules (``strategies``, ``boards``,
``stack_ruleset``, ``test_seam``) as top-level modules, as the tests one folder up do: pytest puts
``tests/`` on ``sys.path`` for the files there (rootdir-relative "prepend" import, no
``__init__.py``), but only this folder for the files here, so this adds ``tests/`` too. Nothing
else is configured here."""
from __future__ import annotations

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parents[1])
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
