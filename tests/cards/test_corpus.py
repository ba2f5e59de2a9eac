"""The corpus of real-style cards (tests/cards/README.md): every file is a corpus card of its
folder's ruleset and passes its ``expect`` block; no card carries a printed card's name; and the
Riftbound corpus covers its ruleset's vocabulary — every item by at least two cards on different
boards, and one card at least three items. An item its vocabulary table marks as not built is
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


def test_the_corpus_is_there():
    assert len(_corpus("riftbound")) >= 25, "the Riftbound corpus has fewer than 25 cards"


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
    for item in rulesets.get("riftbound").vocabulary:
        marks = () if item.built else (pytest.mark.xfail(
            strict=True, reason=f"{item.name!r} is not built yet (rulekit/rulesets/riftbound/vocabulary.py)"),)
        out.append(pytest.param(item.name, marks=marks, id=item.name))
    return out


@pytest.mark.parametrize("item", _coverage_cases())
def test_every_riftbound_item_has_two_cards_on_different_boards(item):
    covering = [loaded for loaded in _corpus("riftbound") if item in loaded.scenario.corpus.covers]
    boards = {_board(loaded) for loaded in covering}
    assert len(boards) >= 2, (f"{item!r} is covered by {len(covering)} corpus card(s) on {len(boards)} board(s): "
                              f"{', '.join(Path(c.file).name for c in covering) or 'none'}; it needs two boards")


def test_a_riftbound_card_covers_three_items_or_more():
    widest = max((len(loaded.scenario.corpus.covers) for loaded in _corpus("riftbound")), default=0)
    assert widest >= 3, f"the widest Riftbound corpus card covers {widest} item(s); one must cover three or more"



def test_a_pending_corpus_card_is_not_also_in_the_corpus():
    """A corpus card the engine still gets wrong waits in tests/fidelity/pending/<ruleset>/ (a
    strict expected failure there); the commit that fixes the engine moves it here, never copies it."""
    pending = HERE.parent / "fidelity" / "pending"
    both = [f"{p.parent.name}/{p.name}" for p in CARDS if (pending / p.parent.name / p.name).exists()]
    assert not both, f"both pending and in the corpus: {both}"
