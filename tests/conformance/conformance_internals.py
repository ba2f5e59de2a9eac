"""Every name the conformance suite takes from outside rulekit's public paths, in one place.

The suite otherwise imports only ``rulekit`` (its ``__all__``), ``rulekit.files``,
``rulekit.views.graphs`` and ``rulekit.rulesets``. When modules move, repoint the imports here.
"""
from __future__ import annotations

from rulekit.core.limits import RunawayLoop  # the engine's documented bound on looping abilities (a RulekitError)

#: The steps the core records itself, for every ruleset alike: the setup before the script, and
#: the script walker's "the script is over" / "this entry made nothing happen". They belong to no
#: ruleset's machine, so to no ruleset's flowchart (``rulekit/core/game.py`` and ``rulekit/core/engine.py``
#: write them as literals). Every other step is recorded by a ruleset: by one of its frames'
#: handlers, or by its ``open_occurrence`` when the script makes something happen.
CORE_STEPS = frozenset({
    ("rulekit.setup", "setup"),
    ("rulekit.script", "script-done"),
    ("rulekit.script", "script-nothing"),
})

__all__ = ["CORE_STEPS", "RunawayLoop"]
