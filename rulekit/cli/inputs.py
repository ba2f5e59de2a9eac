"""What the commands read, and how they fail: a file or a shipped scenario's name, ``--ruling`` and
``--answers``, a step number, optional libraries; text made safe for a terminal; the exit codes."""
from __future__ import annotations

from pathlib import Path

OK, FAILED, BAD_INPUT, BUG = 0, 1, 2, 3
INTERRUPTED = 130          # the shells' code for a process ended by Ctrl-C (128 + SIGINT)


class BadInput(Exception):
    """Raised inside the CLI for input problems: printed as one line, exit 2."""


def _scenario_file(text: str) -> str:
    """A scenario file's path: ``text`` itself when it names a file, else the shipped scenario of
    that name (``agot/claim-2-kill``)."""
    if Path(text).exists():
        return text
    from rulekit import shipped
    found = shipped.find(text)
    if found is not None:
        return str(found)
    from rulekit.core.scenario import suggest
    raise BadInput(f"{text}: cannot read the file: no such file, and no shipped scenario of that name"
                   f"{suggest(text, shipped.names())} (rulekit scenarios lists them)")


def _load(path: str):
    from rulekit.core.errors import ScenarioError
    from rulekit.files.scenario_files import load_scenario
    path = _scenario_file(path)
    try:
        return load_scenario(path)
    except ScenarioError as e:
        raise BadInput(str(e)) from None


def _start(loaded, answers=None):
    from rulekit.core.game import Game
    from rulekit.core.limits import RunawayLoop
    from rulekit.core.errors import ScenarioError
    try:
        return Game.start(loaded.scenario, answers if answers is not None else loaded.answers, play_defaults=True)
    except RunawayLoop as e:
        raise BadInput(f"{loaded.file}: {e}") from None
    except ScenarioError as e:
        raise BadInput(str(e.located(file=loaded.file))) from None


def _answers_file(path: str, scenario_file) -> object:
    """Read a list of answers (the same forms as a scenario's ``answers``); a problem names the
    answers file's own line and field."""
    from rulekit.core.errors import ScenarioError
    from rulekit.files.scenario_files import load_answers
    try:
        return load_answers(path, scenario_file.scenario)
    except ScenarioError as e:
        raise BadInput(str(e)) from None


def _safe(text: str) -> str:
    """One line for a terminal: every control character and escape sequence — a newline in a name
    from a file included — is shown escaped, so nothing a file says can forge a line."""
    from rulekit.core.errors import escaped
    return escaped(text)


def _safe_lines(text: str) -> str:
    """Text of several lines, each made by a formatter that escapes what it puts in a line
    (:func:`rulekit.core.errors.text_lines`), for a terminal: its own line breaks are kept."""
    from rulekit.core.errors import escaped
    return escaped(text, keep="\n\t")


def _scenario_paths(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(q for q in path.rglob("*") if q.suffix in (".yaml", ".yml", ".json"))
            if not found:
                raise BadInput(f"{p}: no scenario files (.yaml, .yml, .json) in this folder")
            out.extend(found)
        elif path.exists():
            out.append(path)
        else:
            out.extend(_shipped_paths(p))
    return out


def _shipped_paths(name: str) -> list[Path]:
    """The shipped scenario ``name``, or every shipped scenario under the folder ``name`` (``agot``)."""
    from rulekit import shipped
    found = shipped.find(name)
    if found is not None:
        return [found]
    under = [s.path for s in shipped.all_scenarios() if s.name.startswith(name.rstrip("/") + "/")]
    if under:
        return under
    from rulekit.core.scenario import suggest
    raise BadInput(f"{name}: no such file or folder, and no shipped scenario of that name"
                   f"{suggest(name, shipped.names())} (rulekit scenarios lists them)")


def _need(extra: str, *modules: str) -> None:
    """Exit 2, naming the extra to install, when a command's optional libraries are missing."""
    import importlib.util
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise BadInput(f"this command needs {', '.join(missing)}, which is not installed: "
                       f"pip install 'rulekit[{extra}]'")
