"""Output files of the command line: ``-o FILE`` and ``--force`` for every command that writes one,
through the one safe writer :mod:`rulekit.files.output` (no silent overwrite, no half-written file,
never through a symbolic link). A refusal is bad input (exit 2)."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rulekit.cli.inputs import BadInput

FORCE_HINT = "--force"


def add_output_arguments(parser, *, help: str, required: bool = True) -> None:
    """``-o/--output FILE`` and ``--force`` on ``parser`` (an argparse parser of one command)."""
    parser.add_argument("-o", "--output", required=required, metavar="FILE", help=help)
    parser.add_argument("--force", action="store_true",
                        help="replace the output file if it exists (never through a symbolic link)")


def check_output_file(path: str, force: bool) -> Path:
    """Refuse, before any work is done, an output path that cannot or may not be written."""
    from rulekit.files.output import OutputError, check_output
    try:
        return check_output(path, force=force, force_hint=FORCE_HINT)
    except OutputError as e:
        raise BadInput(str(e)) from None


@contextmanager
def output_file(path: str, force: bool) -> Iterator[Path]:
    """The temporary path to write ``path``'s whole content to; it becomes ``path`` at the end."""
    from rulekit.files.output import OutputError, output_path
    try:
        with output_path(path, force=force, force_hint=FORCE_HINT) as temp:
            yield temp
    except OutputError as e:
        raise BadInput(str(e)) from None


def write_output_text(path: str, text: str, force: bool) -> Path:
    """Write ``text`` to ``path`` (the CLI's refusals: exit 2)."""
    from rulekit.files.output import OutputError, write_text
    try:
        return write_text(path, text, force=force, force_hint=FORCE_HINT)
    except OutputError as e:
        raise BadInput(str(e)) from None
