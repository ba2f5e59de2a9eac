"""Every value of a file is checked, and a refusal is a message a person can trust: no traceback
from any file, card types per ruleset, lines and fields named, JSON read strictly, cross-references
checked, control characters escaped, long values shortened, unknown keys and YAML surprises
explained; scenarios built in Python are validated like files."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from rulekit import Game, ScenarioError
from rulekit import ids
from rulekit.cli import main
from rulekit.files import load_answers, load_scenario, loads_scenario

ROOT = Path(__file__).resolve().parents[2]
CLAIM = ROOT / "scenarios" / "agot" / "claim-2-kill.yaml"
BASE = CLAIM.read_text()


RIFT = """\
ruleset: riftbound
title: A grant
players: [P1, P2]
first_player: P1
cards:
  - {id: d0, title: Deck card, owner: P1, zone: main deck, type: unit}
  - {id: u, title: Ironclad, owner: P1, type: unit, might: 3, zone: base}
script:
  - {do: grant, cards: [u], grant: GRANT, id: gift}
  - {do: attack, cards: [u], id: attack}
"""


GOOD_GRANT = "{id: atk, timing: triggered, when: {event: attacks, card: {which: self}}, effect: [{do: draw, target: you}]}"


def edited(old: str, new: str, base: str = BASE) -> str:
    assert old in base, old
    return base.replace(old, new, 1)


def refused(text: str, file: str = "edited.yaml") -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        loads_scenario(text, file)
    return err.value


# -- no traceback from any file ---------------------------------------------------------------------
@pytest.mark.parametrize("text, file, path", [
    (edited("title: Claim 2 military kill", 'title: "Claim \\ud800"'), "s.yaml", "title"),
    (edited("title: Claim 2 military kill", 'title: Claim\n"\\udfff": 1'), "s.yaml", ""),
    (json.dumps({"ruleset": "agot", "title": "\ud800", "players": ["P1"], "first_player": "P1"}), "s.json", "title"),
])
def test_a_lone_surrogate_is_refused_naming_the_field(text, file, path):
    e = refused(text, file)
    assert "lone surrogate" in str(e) and e.path == path and e.file == file


def test_a_lone_surrogate_gives_exit_2_not_a_crash_in_trace_and_graph(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(edited("title: Claim 2 military kill", 'title: "Claim \\ud800"'))
    assert main(["trace", str(path)]) == 2
    assert main(["graph", str(path), "--step", "1"]) == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("verb", ["cancel", "replace", "delay", "save", "initiate"])
def test_script_steps_that_make_no_sense_in_a_script_are_refused(verb):
    e = refused(edited("- {do: kill, cards: [c3, c4]", f"- {{do: {verb}, cards: [c3, c4]"))
    assert f"'{verb}' cannot be a step of the script" in str(e)
    assert e.path == "script[0].do" and e.line == 38


def test_a_grant_without_what_it_grants_is_refused_in_the_script_and_in_an_effect():
    e = refused(RIFT.replace(", grant: GRANT", ""))
    assert "'grant' needs 'grant'" in str(e) and e.path == "script[0].grant" and e.line == 9
    effect = RIFT.replace("GRANT", "{id: g, timing: triggered, when: {event: attacks}, effect: [{do: grant, target: self}]}")
    e = refused(effect)
    assert "'grant' needs 'grant'" in str(e) and e.path == "script[0].grant.effect[0].grant"


@pytest.mark.parametrize("grant, message, path", [
    ("{id: atk, timing: triggered, when: {event: attacks}, effect: []}", "has no effect", "script[0].grant.effect"),
    ("{id: 'a k', timing: triggered, when: {event: attacks}, effect: [{do: draw, target: you}]}",
     "may use only letters", "script[0].grant.id"),
    ("{id: atk, timing: triggered, when: {event: attacks}, effect: [{do: draw, target: self}]}",
     "needs a player target", "script[0].grant.effect[0].target"),
    ("{id: atk, timing: triggered, zones: [graveyard], when: {event: attacks}, effect: [{do: draw, target: you}]}",
     "zone 'graveyard' does not exist", "script[0].grant.zones[0]"),
])
def test_granted_abilities_are_validated_like_printed_ones(grant, message, path):
    e = refused(RIFT.replace("GRANT", grant))
    assert message in str(e) and e.path == path and e.line == 9
    loads_scenario(RIFT.replace("GRANT", GOOD_GRANT), "good.yaml")


def test_anything_unexpected_inside_the_loader_becomes_one_clear_message(monkeypatch):
    import rulekit.files.scenario_files as files

    def broken(*args, **kwargs):
        raise KeyError("surprise")
    monkeypatch.setattr(files, "_check_document", broken)
    e = refused(BASE, "claim.yaml")
    assert "could not read this file" in str(e) and "KeyError" in str(e) and e.file == "claim.yaml"


GRANTED = ROOT / "scenarios" / "riftbound" / "granted-by-an-effect.yaml"


IRONCLAD = "  - {id: u, title: Ironclad, owner: P1, type: unit, might: 3, zone: battlefield}\n"


def _check_text(text: str, tmp_path, capsys, name: str = "mutant.yaml") -> tuple[int, str]:
    path = tmp_path / name
    path.write_text(text)
    code = main(["check", str(path)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    return code, captured.out + captured.err


def test_an_expected_verdict_of_an_ability_the_card_never_gains_fails_naming_card_and_ability(tmp_path, capsys):
    """The grant's filter wants a unit at a battlefield; this Ironclad waits at its base, so it
    never gains 'atk': the expected verdict is a difference (exit 1), not an internal error."""
    text = edited(IRONCLAD, IRONCLAD.replace("zone: battlefield", "zone: base"), GRANTED.read_text())
    code, out = _check_text(text, tmp_path, capsys)
    assert code == 1
    assert "verdicts[0]: Ironclad (u) has no ability 'atk' at step #" in out and "its abilities then: none" in out


def test_ironclad_without_its_type_is_refused_naming_ironclad_not_a_traceback(tmp_path, capsys):
    """Issue 21: delete Ironclad's `type: unit` and the file must end in exit 1 or 2 with a
    message naming Ironclad and 'atk' or the missing type — never exit 3. Riftbound has no
    default card type, so it is refused where it is written (exit 2, file, line, legal types)."""
    text = edited(IRONCLAD, IRONCLAD.replace(" type: unit,", ""), GRANTED.read_text())
    code, out = _check_text(text, tmp_path, capsys)
    assert code in (1, 2) and "Ironclad" in out and ("'atk'" in out or "has no type" in out)
    assert code == 2
    assert f"{tmp_path / 'mutant.yaml'}:11:" in out and "cards[1].type: card 'u' (Ironclad) has no type" in out
    assert "expected type: one of unit, spell, gear, rune, legend, battlefield" in out


def _rift_card(**kw):
    from rulekit.core.model import Card
    from rulekit import Scenario
    return Scenario("typed", ("P1", "P2"), "P1", (Card("u", "Ironclad", "P1", zone="base", **kw),),
                    ruleset="riftbound")


def test_a_riftbound_card_needs_its_type_in_files_the_builder_and_the_python_api():
    from rulekit.files.builder import ScenarioBuilder
    e = refused(RIFT.replace("GRANT", GOOD_GRANT).replace("type: unit, might", "might"))
    assert "card 'u' (Ironclad) has no type" in str(e) and e.path == "cards[1].type" and e.line == 7
    b = ScenarioBuilder("built", ruleset="riftbound")
    b.card("u", "Ironclad", owner="P1", zone="base")
    with pytest.raises(ScenarioError) as err:
        b.build()
    assert err.value.path == "cards[0].type" and "riftbound has no default type" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        Game.start(_rift_card())
    assert err.value.path == "cards[0].type" and "Ironclad" in str(err.value)
    assert Game.start(_rift_card(type="unit")).state.cards["u"].type == "unit"


def test_a_card_type_must_be_one_of_its_rulesets():
    e = refused(RIFT.replace("GRANT", GOOD_GRANT).replace("type: unit, might", "type: character, might"))
    assert "type 'character' of card 'u' is not a card type of riftbound" in str(e) and e.path == "cards[1].type"
    e = refused(edited("owner: P1, strength: 6", "owner: P1, type: unit, strength: 6"))
    assert "type 'unit' of card 'c1' is not a card type of agot" in str(e)


def test_an_agot_card_without_a_type_is_a_character_everywhere():
    from rulekit import Scenario
    from rulekit.files.builder import ScenarioBuilder
    from rulekit.core.model import Card
    from rulekit.rulesets import get
    assert get("agot").default_card_type == "character" and get("riftbound").default_card_type is None
    assert Card("c", "Ned", "P1").type is None                    # the core model assumes no game
    loaded = load_scenario(CLAIM).scenario
    assert all(c.type is not None for c in loaded.cards)
    built = ScenarioBuilder("built").card("c", "Ned", owner="P1").card("d", "Ned", owner="P1", duplicate_of="c").build()
    direct = Game.start(Scenario("direct", ("P1", "P2"), "P1", (Card("c", "Ned", "P1"),))).scenario
    assert built.card("c").type == direct.card("c").type == "character"
    game = Game.start(built)
    assert game.state.cards["d"].type == "duplicate"           # a duplicate is not a character of its own
    data = built.to_data()
    assert all("type" not in c for c in data["cards"])         # written as a file would say it
    assert Scenario.from_data(data) == built


def test_check_expect_reports_an_ability_the_card_lacks_instead_of_raising():
    from rulekit.files.expect import Expect, VerdictExpect, check_expect
    from rulekit.core.verdicts import Code
    loaded = loads_scenario(edited(IRONCLAD, IRONCLAD.replace("zone: battlefield", "zone: base"),
                                   GRANTED.read_text()), "base.yaml")
    game = loaded.start()
    wants = (VerdictExpect("s:attack", "occurs", "u", "atk", Code.TRIGGERS),
             VerdictExpect("s:attack", "occurs", "nobody", "atk", Code.TRIGGERS))
    diffs = check_expect(game, Expect(verdicts=wants))
    assert diffs[0].startswith("verdicts[0]: Ironclad (u) has no ability 'atk'")
    assert diffs[1] == "verdicts[1]: there is no card 'nobody' in this game, so it has no verdict"


def test_files_accept_folded_ids_in_answers():
    folded = ids.fold("s:claim:killed:c3/" + "x" * 300)
    text = edited('answer: "c7.i1@s:claim:killed:c3"', f'answer: "c7.i1@{folded}"')
    loaded = loads_scenario(text, "folded.yaml")
    assert any(option == f"c7.i1@{folded}" for _, option in loaded.answers.items())


# -- every value checked ----------------------------------------------------------------------------
@pytest.mark.parametrize("old, new, message, path", [
    ("{id: c1, title", '{id: "c1\\n", title', "card id 'c1\\n' may use only", "cards[6].id"),
    ("owner: P1, strength: 6", "owner: P1, strength: true", "true is not a number", "cards[6].strength"),
    ("owner: P1, strength: 6", "owner: P1, strength: '6'", "'6' is not a whole number", "cards[6].strength"),
    ("owner: P1, strength: 6", "owner: P1, strength: 6.0", "6.0 is not a whole number", "cards[6].strength"),
    ("owner: P1, strength: 6", "owner: P1, kneeling: 1", "1 is not true or false", "cards[6].kneeling"),
    ("title: Osric Thorne", "title: ''", "title is empty", "cards[6].title"),
    ("owner: P1, strength: 6", "owner: '', strength: 6", "owner is empty", "cards[6].owner"),
    ("owner: P1, strength: 6", "owner: P1, strength: 6, incarnation: 2", "incarnation is kept by the rules",
     "cards[6].incarnation"),
    ("c3: {zone: dead pile}", "c3: {zone: dead pile, incarnation: -1}", "incarnation -1 is negative",
     "expect.cards.c3.incarnation"),
    ("- {do: kill, cards: [c3, c4]", "- {do: move, cards: [c3, c4]", "'move' needs 'to'", "script[0].to"),
    ("effect: [{do: draw, target: you}]", "effect: [{do: draw, target: you}]\n        condition: [{}]",
     "the condition tests nothing", "cards[9].abilities[0].condition[0]"),
    ("effect: [{do: draw, target: you}]",
     "effect: [{do: draw, target: you}]\n        condition: [{count: {type: character}, at_least: 3, at_most: 1}]",
     "at_least 3 is more than at_most 1", "cards[9].abilities[0].condition[0].at_least"),
    ("effect: [{do: draw, target: you}]", "effect: [{do: draw, target: you}]\n        condition: [{at_least: 1}]",
     "there is no 'count'", "cards[9].abilities[0].condition[0].at_least"),
    ("effect: [{do: draw, target: you}]", "effect: [{do: draw, target: you}]\n        limit: {times: 0}",
     "allows no use at all", "cards[9].abilities[0].limit.times"),
    ("effect: [{do: draw, target: you}]", "effect: [{do: draw, target: you, amount_of: \"that cards might\"}]",
     "is not a known amount (did you mean \"that card's might\"?)", "cards[9].abilities[0].effect[0].amount_of"),
    ("event: killed, card: {type: character}}", "event: killed, card: {type: character, zone: graveyard}}",
     "zone 'graveyard' does not exist", "cards[9].abilities[0].when.card.zone"),
])
def test_wrong_values_are_refused_naming_line_and_field(old, new, message, path):
    e = refused(edited(old, new))
    assert message in str(e), str(e)
    assert e.path == path and e.line is not None and e.file == "edited.yaml"


def test_nth_must_count_from_1():
    text = RIFT.replace("GRANT", GOOD_GRANT.replace("card: {which: self}", "card: {which: self}, nth: 0"))
    e = refused(text)
    assert "nth 0 is not a count" in str(e) and e.path == "script[0].grant.when.nth"


@pytest.mark.parametrize("text, message", [
    ('{"ruleset": "agot", "title": "x", "players": ["P1"], "first_player": "P1", "cards": [{"id": "c", "title": "t", "owner": "P1", "strength": NaN}]}',
     "NaN is not a number JSON allows"),
    ('{"ruleset": "agot", "title": "x", "title": "y", "players": ["P1"], "first_player": "P1"}', "duplicate key 'title'"),
    ('{"ruleset": "agot", "title": "x", "players": ["P1"], "first_player": "P1", "cards": [{"id": "c", "title": "t", "owner": "P1", "strength": Infinity}]}',
     "Infinity is not a number JSON allows"),
    ('{"ruleset": "agot", "title": "x",}', "not valid JSON"),
    ("ruleset: agot\ntitle: x\n", "not valid JSON"),
])
def test_json_files_are_read_as_strict_json(text, message):
    e = refused(text, "strict.json")
    assert message in str(e) and e.line is not None


def test_json_files_still_give_lines_and_fields():
    data = yaml.safe_load(BASE)
    data["cards"][6]["strength"] = "six"
    e = refused(json.dumps(data, indent=1), "claim.json")
    assert e.path == "cards[6].strength" and e.line is not None and e.line > 10


def _cross(ruleset, ref):
    from rulekit.files.builder import ScenarioBuilder
    b = ScenarioBuilder("cross", players=["P1", "P2"], ruleset=ruleset)
    if ruleset == "riftbound":
        b.card("u", "Unit", owner="P1", type="unit", zone="base")
    else:
        b.card("u", "Character", owner="P1")
    scenario = b.build()
    return replace(scenario, **ref(scenario))


def _entry(verb, **kw):
    from rulekit.core.events import Verb
    from rulekit.core.scenario import ScriptEntry
    return ScriptEntry(Verb(verb), ("u",), **kw)


@pytest.mark.parametrize("name, ruleset, ref", [
    ("duplicate_of names a card", "agot",
     lambda s: {"cards": s.cards + (replace(s.cards[0], id="d").changed(duplicate_of="nobody"),)}),
    ("the player who takes control is a player", "riftbound",
     lambda s: {"script": (_entry("take control", player="P9"),)}),
    ("remove ability names an ability of the card", "riftbound",
     lambda s: {"script": (_entry("remove ability", ability="nothing"),)}),
])
def test_cross_references_are_checked_by_scenario_check(name, ruleset, ref):
    """A reference that names nothing is refused by ``rulekit.scenario.check``, for files and
    Python scenarios alike."""
    from rulekit.core.scenario import check
    scenario = _cross(ruleset, ref)
    with pytest.raises(ScenarioError):
        check(scenario)


# -- messages a person can trust ---------------------------------------------------------------------
def test_control_characters_and_terminal_escapes_are_shown_escaped(tmp_path, capsys):
    e = refused(edited("first_player: P1", 'first_player: P1\n"\\e[31mevil\\a": 1'))
    assert "\x1b" not in str(e) and "\x07" not in str(e) and "\\x1b[31mevil" in str(e)
    path = tmp_path / "title.yaml"
    path.write_text(edited("title: Claim 2 military kill", 'title: "Claim \\e]0;owned\\a\\e[2J"'))
    assert main(["trace", str(path), "--no-verdicts"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "Claim \\x1b]0;owned" in out


def test_long_values_are_shortened_and_messages_stay_short():
    e = refused(edited("owner: P1, strength: 6", f"owner: P1, strength: '{'9' * 5000}'"))
    assert "…" in str(e) and len(str(e)) < 600
    e = refused(edited("first_player: P1", f"first_player: P1\n{'k' * 1000}: 1"))
    assert "…" in str(e) and len(str(e)) < 700


@pytest.mark.parametrize("old, new, message", [
    ("event: killed, card", "evnt: killed, card", "unknown key 'evnt' (did you mean 'event'?)"),
    ("owner: P1, strength: 6", "ownr: P1, strength: 6", "unknown key 'ownr' (did you mean 'owner'?)"),
])
def test_an_unknown_key_is_named_with_a_suggestion(old, new, message):
    assert message in str(refused(edited(old, new)))


@pytest.mark.parametrize("old, new, message", [
    ("title: Claim 2 military kill", "title: 2024-01-01", "'2024-01-01' is read by YAML as a date: put it in quotes"),
    ("title: Osric Thorne", "title: 1:30", "'1:30' is read by YAML as a base-60 number: put it in quotes"),
    ("title: Osric Thorne", "title: no", "YAML reads 'no' as false: put it in quotes"),
    ("owner: P1, strength: 6", "owner: P1, strength: off", "YAML reads 'off' as false: put it in quotes"),
    ("players: [P1, P2]", "players: [P1, yes]", "YAML reads 'yes' as true: put it in quotes"),
])
def test_yaml_surprises_are_explained(old, new, message):
    e = refused(edited(old, new))
    assert message in str(e), str(e)
    assert e.line is not None


def test_errors_in_an_answers_file_point_at_its_own_lines(tmp_path, capsys):
    answers = tmp_path / "answers.yaml"
    answers.write_text("# my answers\n\n- decision: act or pass\n  at: s:claim:interrupt\n  chooser: P5\n"
                       "  answer: pass\n")
    with pytest.raises(ScenarioError) as err:
        load_answers(answers, load_scenario(CLAIM).scenario)
    assert err.value.file == str(answers) and err.value.line == 5 and err.value.path == "answers[0].chooser"
    assert main(["trace", str(CLAIM), "--answers", str(answers)]) == 2
    assert f"{answers}:5:" in capsys.readouterr().err
    answers.write_text("answers:\n  - decision: act or pass\n    at: s:claim:interrupt\n    chooser: P2\n"
                       "    answer: pass\n    numbr: 1\n")
    with pytest.raises(ScenarioError) as err:
        load_answers(answers, load_scenario(CLAIM).scenario)
    assert err.value.line == 6 and "did you mean 'number'" in str(err.value)


# -- scenarios built in Python ------------------------------------------------------------------------
@pytest.mark.parametrize("build, path", [
    (lambda b: b.card("c1", None, owner="P1"), "cards[0].title"),
    (lambda b: b.card("c1", "Title", owner="P1", strength="6"), "cards[0].strength"),
    (lambda b: b.card("c1", "Title", owner="P1", kneeling=None), "cards[0].kneeling"),
    (lambda b: b.card("c1", "Title", owner="P1", strength=True), "cards[0].strength"),
    (lambda b: b.card("c1\n", "Title", owner="P1"), "cards[0].id"),
    (lambda b: b.card("c1", "", owner="P1"), "cards[0].title"),
])
def test_scenarios_built_in_python_are_validated_like_files(build, path):
    from rulekit.files.builder import ScenarioBuilder
    b = ScenarioBuilder("built", players=["P1", "P2"])
    build(b)
    with pytest.raises(ScenarioError) as err:
        b.build()
    assert err.value.path == path
