"""Every line of play from a position: the distinct outcomes, how many lines reach each, which
choices matter (:func:`explore`), walked in one process or many, as a graph and drawn. Reads
games through the public API of the core and the files; imports no view, lesson or app."""
from rulekit.explore.bounds import DEFAULT_LIMIT, INTERRUPTED, resident_bytes
from rulekit.explore.explorer import explore
from rulekit.explore.parallel import process_pool
from rulekit.explore.result import Choice, Exploration, OptionReach, Outcome, OutcomeTable
from rulekit.explore.walker import (
    RUNAWAY, ExplorationError, Limit, Walk, Walker, as_limit, board, full_line, key_text, outcome_data,
    starting_point, walk,
)

__all__ = [
    "DEFAULT_LIMIT", "INTERRUPTED", "process_pool", "resident_bytes",
    "RUNAWAY", "Choice", "ExplorationError", "Exploration", "Limit", "OptionReach", "Outcome", "OutcomeTable",
    "Walk", "Walker", "as_limit", "board", "explore", "full_line", "key_text", "outcome_data", "starting_point",
    "walk",
]
