"""A scenario file with its library cards spelled out (``rulekit cards inline``): each ``library:``
entry replaced by the card the library holds (:mod:`.library_cards`), so that the file runs on a
machine without the library."""
from __future__ import annotations

from rulekit.core.errors import ScenarioError
from rulekit.files.library_cards import expand


def inline(text: str, file: str, library=None, *, format: str | None = None) -> str:
    """The scenario file ``text`` with every library card spelled out (YAML, or JSON for a ``.json``
    output ``format``), checked to load without the library. Comments are not kept."""
    import json

    import yaml

    from rulekit.files.reading import _parse
    from rulekit.files.scenario_files import loads_scenario
    data, marks = _parse(text, file)
    if not isinstance(data, dict):
        raise ScenarioError("the top level must be a mapping", file=file, line=1, column=1)
    expand(data, marks, file, library)
    if format == "json":
        out = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        out = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    loads_scenario(out, "(the file inlined)" + (".json" if format == "json" else ".yaml"))
    return out
