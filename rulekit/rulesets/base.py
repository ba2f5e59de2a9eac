"""The interface every ruleset implements, as ruleset authors import it (``docs/adding-a-ruleset.md``).

The engine's side of the seam — what the core asks of a ruleset — is :mod:`rulekit.core.ruleset`,
which the core may import; this module re-exports it for the rulesets.
"""
from rulekit.core.ruleset import (  # noqa: F401
    Frame, Handler, RulingOption, Ruling, FlowNode, Flow, COMMON_FIELDS, ruling_arg, WindowEntry, StackEntry, SequenceMark, MARKS, Ruleset,
)
