"""The coverage figure of a corpus of real-style cards (``tests/cards``; issue 26, item 6): for each
scenario file with a ``corpus`` block, whether its card's printed text (``corpus.text``), read by
its ruleset's reader, gives exactly the card's hand-written abilities and the fields its keywords
set (``exact``), is refused (``refused``, with the phrase), or reads as something else
(``differs`` — a wrong reading, which must never happen)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class CorpusCoverage:
    """Per ruleset: [exact, refused, differs]; and the files refused or differing, with why."""

    counts: dict = field(default_factory=dict)
    refused: list = field(default_factory=list)
    differing: list = field(default_factory=list)
    unreadable: list = field(default_factory=list)

    @property
    def differ(self) -> int:
        return len(self.differing)

    def lines(self) -> list[str]:
        out = ["corpus coverage (printed text read as the hand-written abilities):"]
        for ruleset, (exact, refused, differs) in sorted(self.counts.items()):
            out.append(f"  {ruleset}: {exact + refused + differs} cards, {exact} exact, {refused} refused, "
                       f"{differs} differ")
        out += [f"  refused  {p}: {why}" for p, why in self.refused]
        out += [f"  DIFFERS  {p}: {why}" for p, why in self.differing]
        out += [f"  unreadable  {p}: {why}" for p, why in self.unreadable]
        return out


def keyword_fields(rules, card, read=None) -> dict:
    """The fields of ``card`` its ruleset's text may set (``KEYWORD_FIELDS``): as the card has them, or, with
    ``read``, as the text read sets them (the rest at their defaults)."""
    from rulekit.core.cardtext import keyword_fields as names_of
    names = names_of(rules)
    if read is None:
        return {n: getattr(card, n) for n in names}
    defaults = rules.card_extension() if rules.card_extension is not None else None
    out = {n: getattr(defaults, n) for n in names}
    out.update(dict(read.fields))
    return out


def corpus_files(paths: list[Path]) -> list[Path]:
    out = []
    for p in paths:
        if p.is_dir():
            out += sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml", ".json"))
        else:
            out.append(p)
    return out


def corpus_coverage(paths: list[Path]) -> CorpusCoverage:
    """The coverage of the corpus files at ``paths`` (files, or folders searched for them; a file
    without a ``corpus`` block is left out)."""
    from rulekit.core.cardtext import CardTextError, read_card, same_abilities
    from rulekit.core.errors import ScenarioError
    from rulekit.files.scenario_files import load_scenario
    result = CorpusCoverage()
    for path in corpus_files(paths):
        try:
            scenario = load_scenario(path).scenario
        except ScenarioError as e:
            result.unreadable.append((path, str(e)))
            continue
        if scenario.corpus is None:
            continue
        rules = scenario.rules
        card = scenario.card(scenario.corpus.card)
        counts = result.counts.setdefault(scenario.ruleset, [0, 0, 0])
        try:
            read = read_card(rules, scenario.corpus.text, card.title)
        except CardTextError as e:
            counts[1] += 1
            result.refused.append((path, e.problem))
            continue
        if same_abilities(read.abilities, card.abilities) and \
                keyword_fields(rules, card, read) == keyword_fields(rules, card):
            counts[0] += 1
        else:
            counts[2] += 1
            result.differing.append((path, f"{scenario.corpus.text!r} reads as other abilities than the card's"))
    return result
