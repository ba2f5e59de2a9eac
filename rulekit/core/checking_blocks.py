"""The checks of a scenario's blocks besides its cards and script — its rulings and its corpus
entry — and the "did you mean" hint every check gives (:mod:`rulekit.core.checking` uses them)."""
from __future__ import annotations

import difflib

from rulekit.core.errors import ScenarioError, field_path


def suggest(word: str, choices) -> str:
    """`` (did you mean 'x'?)`` when a close choice exists, else an empty string."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_corpus(corpus, cards, rules) -> None:
    """A corpus card's block: ``card`` names a card of the scenario, ``text`` is its printed text
    (not empty), ``covers`` names items of its ruleset's vocabulary, each once."""
    known = [c.id for c in cards]
    if corpus.card not in known:
        raise ScenarioError(f"corpus card {corpus.card!r} is not a card of this scenario{suggest(corpus.card, known)}",
                            path="corpus.card", expected="the id of a card in 'cards': " + (", ".join(known) or "none"))
    if not corpus.text.strip():
        raise ScenarioError(f"the corpus card {corpus.card!r} has no printed text", path="corpus.text",
                            expected="the card's text in its game's printed template")
    names = [v.name for v in rules.vocabulary]
    listed = ", ".join(names) if names else f"none: {rules.name} lists no vocabulary items"
    if not corpus.covers:
        raise ScenarioError("'covers' names no vocabulary item: a corpus card exercises at least one",
                            path="corpus.covers", expected=f"items of {rules.name}'s vocabulary: {listed}")
    for k, item in enumerate(corpus.covers):
        if item not in names:
            nearest = difflib.get_close_matches(str(item), names, n=1, cutoff=0.0)
            hint = f" (the nearest known item: {nearest[0]!r})" if nearest else ""
            raise ScenarioError(f"{item!r} is not an item of {rules.name}'s vocabulary{hint}",
                                path=f"corpus.covers[{k}]", expected=f"one of {listed}")
        if item in corpus.covers[:k]:
            raise ScenarioError(f"{item!r} is listed twice", path=f"corpus.covers[{k}]",
                                expected="each vocabulary item once")


def check_rulings(rules, rulings, path: str = "rulings") -> None:
    """Every ruling named must be one of the ruleset's, with one of its options."""
    if not isinstance(rulings, dict):
        raise ScenarioError("rulings must be a mapping of ruling name to option", path=path)
    own = [r.name for r in rules.rulings]
    for name, option in rulings.items():
        ruling = rules.ruling(name)
        if ruling is None and name in rules.removed_rulings:
            raise ScenarioError(f"the ruling {name!r} of {rules.name} was removed: {rules.removed_rulings[name]}",
                                path=field_path(path, name),
                                expected="one of " + ", ".join(r.name for r in rules.rulings))
        if ruling is None:
            listed = "; ".join(f"{r.name}: {', '.join(r.option_names())}" for r in rules.rulings) or "none"
            raise ScenarioError(f"{rules.name} has no ruling {name!r}{suggest(name, own)}", path=field_path(path, name),
                                expected=f"one of the rulings of {rules.name} ({listed})")
        if option not in ruling.option_names():
            raise ScenarioError(f"{option!r} is not an option of the ruling {name!r}"
                                f"{suggest(option, ruling.option_names())}", path=field_path(path, name),
                                expected="one of " + ", ".join(ruling.option_names()))
