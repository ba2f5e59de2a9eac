"""The corpus of real-style cards (tests/cards/README.md): every file is a corpus card of its
folder's ruleset and passes its ``expect`` block; no card carries a printed card's name; and each
ruleset's corpus (Riftbound's, A Game of Thrones') covers its vocabulary — every item by at least
two cards on different boards, and one card at least three items. An item its vocabulary table marks as not built is
expected to fall short (strict: once it is covered, this test says so and the table must say
``built=True``)."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from rulekit import rulesets
from rulekit.files import load_scenario
from rulekit.files.expect import check_expect

HERE = Path(__file__).resolve().parent
CARDS = sorted(p for p in HERE.glob("*/*") if p.suffix in (".yaml", ".yml", ".json"))
_ids = [f"{p.parent.name}/{p.stem}" for p in CARDS]


def _names_module():
    spec = importlib.util.spec_from_file_location(
        "_rulekit_card_names", HERE.parent / "rulesets" / "test_card_names.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_NAMES = _names_module()
_LOADED: dict = {}


def _load(path: Path):
    if path not in _LOADED:
        _LOADED[path] = load_scenario(path)
    return _LOADED[path]


def _corpus(ruleset: str) -> list:
    return [_load(p) for p in CARDS if p.parent.name == ruleset]


#: the rulesets whose corpus is measured, and the fewest cards each must have
MEASURED = {"riftbound": 25, "agot": 30}


@pytest.mark.parametrize("ruleset", sorted(MEASURED))
def test_the_corpus_is_there(ruleset):
    assert len(_corpus(ruleset)) >= MEASURED[ruleset], \
        f"the {ruleset} corpus has fewer than {MEASURED[ruleset]} cards"


@pytest.mark.parametrize("path", CARDS, ids=_ids)
def test_every_corpus_card_checks(path):
    loaded = _load(path)
    assert loaded.scenario.corpus is not None, f"{path.name} has no 'corpus' block: it is a scenario, not a card"
    assert loaded.scenario.ruleset == path.parent.name, \
        f"{path.name} is a {loaded.scenario.ruleset} card in the {path.parent.name} folder"
    assert loaded.expect is not None, f"{path.name} has no expect block: say what the rules expect"
    game = loaded.start()
    problems = check_expect(game, loaded.expect) + [f"answer not applied: {u}" for u in game.unapplied]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("path", CARDS, ids=_ids)
def test_every_corpus_card_is_cited(path):
    """The file's first comment cites the rules it relies on (a Core Rules number for Riftbound,
    a Rules Reference entry for A Game of Thrones)."""
    head = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        head.append(line[1:])
    text = " ".join(head)
    assert text.strip(), f"{path.name} begins with no comment naming the card and the rules it relies on"
    if path.parent.name == "riftbound":
        assert re.search(r"\b\d{3}(\.\w+)*\b", text), f"{path.name}'s comment cites no Core Rules number"
    else:
        assert "Rules Reference" in text or "FAQ" in text, f"{path.name}'s comment cites no Rules Reference entry"


@pytest.mark.parametrize("path", CARDS, ids=_ids)
def test_every_corpus_card_has_an_invented_name(path):
    names = _NAMES.real_names()
    scenario = _load(path).scenario
    real = [f"{c.title!r} is the printed card {_NAMES.real_name_of(c.title, names)!r}"
            for c in scenario.cards if _NAMES.real_name_of(c.title, names)]
    assert not real, f"{path.name}: " + "; ".join(real)


def _board(loaded) -> str:
    """What makes a board: its cards and its script (two files that differ only in which card
    they are about, or in their expect block, are the same board)."""
    data = loaded.scenario.to_data()
    return json.dumps({"cards": data.get("cards", []), "script": data.get("script", [])}, sort_keys=True)


def _coverage_cases():
    out = []
    for ruleset in sorted(MEASURED):
        for item in rulesets.get(ruleset).vocabulary:
            marks = () if item.built else (pytest.mark.xfail(
                strict=True, reason=f"{item.name!r} is not built yet (rulekit/rulesets/{ruleset}/vocabulary.py)"),)
            out.append(pytest.param(ruleset, item.name, marks=marks, id=f"{ruleset}-{item.name}"))
    return out


@pytest.mark.parametrize("ruleset, item", _coverage_cases())
def test_every_item_has_two_cards_on_different_boards(ruleset, item):
    covering = [loaded for loaded in _corpus(ruleset) if item in loaded.scenario.corpus.covers]
    boards = {_board(loaded) for loaded in covering}
    assert len(boards) >= 2, (f"{ruleset}: {item!r} is covered by {len(covering)} corpus card(s) on {len(boards)} "
                              f"board(s): {', '.join(Path(c.file).name for c in covering) or 'none'}; "
                              "it needs two boards")


@pytest.mark.parametrize("ruleset", sorted(MEASURED))
def test_a_card_covers_three_items_or_more(ruleset):
    widest = max((len(loaded.scenario.corpus.covers) for loaded in _corpus(ruleset)), default=0)
    assert widest >= 3, f"the widest {ruleset} corpus card covers {widest} item(s); one must cover three or more"


def test_a_pending_corpus_card_is_not_also_in_the_corpus():
    """A corpus card the engine still gets wrong waits in tests/fidelity/pending/<ruleset>/ (a
    strict expected failure there); the commit that fixes the engine moves it here, never copies it."""
    pending = HERE.parent / "fidelity" / "pending"
    both = [f"{p.parent.name}/{p.name}" for p in CARDS if (pending / p.parent.name / p.name).exists()]
    assert not both, f"both pending and in the corpus: {both}"
