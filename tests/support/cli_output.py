"""rulekit's command line run in this process: its exit code and what it wrote."""
from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

from rulekit.cli import main


def run_cli(*argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()
