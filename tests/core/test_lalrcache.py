"""rulekit.core.lalrcache: a Riftbound parser read back from the user's cache parses every corpus
text as one built from the grammar; a cache file that is not one of this key is ignored."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from lark import Lark

from rulekit.core import lalrcache
from rulekit.core.cardtext import prepare
from rulekit.rulesets.riftbound.cardtext.reader import GRAMMAR

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = dict(start="card", lexer="contextual", propagate_positions=True, maybe_placeholders=False)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("RULEKIT_NO_CACHE", raising=False)
    return tmp_path / "rulekit"


def grammar() -> str:
    return Path(GRAMMAR).read_text(encoding="utf-8")


def parsed(parser, text: str):
    try:
        return parser.parse(prepare(text, "Some Card").text)
    except Exception as e:       # noqa: BLE001 - a refusal is compared too
        return type(e).__name__


def test_a_kept_parser_reads_every_corpus_text_as_a_built_one(cache):
    built = lalrcache.lalr_parser(grammar(), **OPTIONS)
    (kept_file,) = cache.glob("lalr-*.json")
    calls = []
    real = Lark.__init__
    kept = None
    try:
        Lark.__init__ = lambda self, *a, **k: calls.append(a) or real(self, *a, **k)
        kept = lalrcache.lalr_parser(grammar(), **OPTIONS)
    finally:
        Lark.__init__ = real
    assert calls == [] and kept is not built          # read back, not built again
    reads_every_corpus_text_alike(kept, Lark(grammar(), parser="lalr", **OPTIONS), "riftbound")
    assert kept_file.read_text(encoding="utf-8").startswith("{")


def reads_every_corpus_text_alike(kept, fresh, game: str) -> None:
    """``kept`` parses every corpus text of ``game`` (and two that are no card text) as ``fresh`` does."""
    texts = [yaml.safe_load(p.read_text(encoding="utf-8"))["corpus"]["text"]
             for p in sorted((ROOT / "tests" / "cards" / game).glob("*.yaml"))]
    assert len(texts) > 50
    for text in texts + ["Not a card text at all ~~", ""]:
        assert parsed(kept, text) == parsed(fresh, text), text


@pytest.mark.parametrize("content", ["", "{not json", '{"map": [["format", 1], ["key", "other"]]}', "[1, 2]",
                                     '{"exec": "print(1)"}'])
def test_a_file_not_of_this_key_is_ignored_and_written_again(cache, content):
    lalrcache.lalr_parser(grammar(), **OPTIONS)
    (kept_file,) = cache.glob("lalr-*.json")
    kept_file.write_text(content, encoding="utf-8")
    parser = lalrcache.lalr_parser(grammar(), **OPTIONS)
    assert parsed(parser, "[Tank] (I must be assigned combat damage first.)") == \
        parsed(Lark(grammar(), parser="lalr", **OPTIONS), "[Tank] (I must be assigned combat damage first.)")
    assert kept_file.read_text(encoding="utf-8") != content        # the good tables written again


def test_another_grammar_is_another_key(cache):
    lalrcache.lalr_parser(grammar(), **OPTIONS)
    lalrcache.lalr_parser(grammar() + "\n// another grammar\n", **OPTIONS)
    assert len(list(cache.glob("lalr-*.json"))) == 2


def test_the_cache_can_be_turned_off(cache, monkeypatch):
    monkeypatch.setenv("RULEKIT_NO_CACHE", "1")
    assert lalrcache.lalr_parser(grammar(), **OPTIONS) is not None
    assert not cache.exists()


# -- A Game of Thrones' Earley parser: its compiled grammar kept --------------------------------------------------
EARLEY = dict(start="card", lexer="dynamic", ambiguity="resolve", propagate_positions=True, maybe_placeholders=False)


def agot_grammar() -> str:
    from rulekit.rulesets.agot.cardtext.reader import GRAMMAR as AGOT
    return Path(AGOT).read_text(encoding="utf-8")


def test_an_earley_parser_from_the_kept_grammar_reads_every_corpus_text_as_a_built_one(cache, monkeypatch):
    import lark.lark
    built = lalrcache.earley_parser(agot_grammar(), **EARLEY)
    (kept_file,) = cache.glob("earley-*.json")
    loaded = []
    real = lark.lark.load_grammar
    monkeypatch.setattr(lark.lark, "load_grammar", lambda *a, **k: loaded.append(a) or real(*a, **k))
    kept = lalrcache.earley_parser(agot_grammar(), **EARLEY)
    assert loaded == [] and kept is not built and kept.options.parser == "earley"     # the grammar not read again
    monkeypatch.setattr(lark.lark, "load_grammar", real)
    reads_every_corpus_text_alike(kept, Lark(agot_grammar(), parser="earley", **EARLEY), "agot")
    assert kept_file.read_text(encoding="utf-8").startswith("{")


@pytest.mark.parametrize("content", ["", "{not json", '{"map": [["format", 1], ["key", "other"]]}', "[1, 2]"])
def test_an_earley_file_not_of_this_key_is_ignored_and_written_again(cache, content):
    lalrcache.earley_parser(agot_grammar(), **EARLEY)
    (kept_file,) = cache.glob("earley-*.json")
    kept_file.write_text(content, encoding="utf-8")
    parser = lalrcache.earley_parser(agot_grammar(), **EARLEY)
    text = "Reaction: After a character is killed, draw 2 cards."
    assert parsed(parser, text) == parsed(Lark(agot_grammar(), parser="earley", **EARLEY), text)
    assert kept_file.read_text(encoding="utf-8") != content


def test_an_earley_parser_whose_terminals_are_changed_after_compiling_is_not_kept(cache):
    lalrcache.earley_parser(agot_grammar(), priority="invert", **EARLEY)
    assert not cache.exists() or not list(cache.glob("earley-*.json"))
