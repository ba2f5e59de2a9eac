"""Riftbound's keywords in a file (rule ``rb.keywords``): which a card may list, and what is
refused. A keyword whose rules rulekit runs changes the game (Temporary); a keyword carried as a
characteristic only is what filters check (``keyword: Tank``); any other word is refused with the
nearest known one, so no keyword loads and does nothing unnoticed."""
from __future__ import annotations

from rulekit.core.abilities import Timing
from rulekit.core.errors import ScenarioError
from rulekit.rulesets.riftbound.cards import (CARRIED, KEYWORDS, MODELLED, PERMANENTS, REFUSED, TEMPORARY_ID,
                                             WRITTEN_ELSEWHERE)


def _suggest(word: str) -> str:
    from rulekit.core.checking import suggest
    return suggest(word, KEYWORDS + tuple(WRITTEN_ELSEWHERE))


def check_keywords(words, path: str, card_type: str | None) -> None:
    """Each keyword is one rulekit knows, listed once; Temporary only on a permanent (816.1.a)."""
    for k, word in enumerate(words):
        at = f"{path}[{k}]"
        if word in WRITTEN_ELSEWHERE:
            raise ScenarioError(f"{word!r} is not a card keyword in a file: it is written as "
                                f"{WRITTEN_ELSEWHERE[word]}", path=at, expected="one of " + ", ".join(KEYWORDS))
        if word in REFUSED:
            raise ScenarioError(REFUSED[word], path=at, expected="one of " + ", ".join(KEYWORDS))
        if word not in KEYWORDS:
            raise ScenarioError(f"{word!r} is not a Riftbound keyword rulekit knows{_suggest(word)}", path=at,
                                expected=f"modelled: {', '.join(MODELLED)}; carried as a characteristic only: "
                                         f"{', '.join(CARRIED)}")
        if word in words[:k]:
            raise ScenarioError(f"{word!r} is listed twice: more instances are redundant or summed, which rulekit "
                                "does not model; list it once", path=at)
        if word == "Temporary" and card_type not in PERMANENTS:
            raise ScenarioError(f"Temporary is on permanents (816.1.a), not on a {card_type}", path=at,
                                expected="type unit or gear")


#: where a unit is on the board (its buff and "this turn" changes exist only there)
BOARD = ("base", "battlefield")


def check_cards(cards) -> None:
    """The keywords of every card, and no ability id the rules use for a keyword's ability."""
    for i, card in enumerate(cards):
        ext = card.extension
        if ext is None:
            continue
        check_keywords(ext.keywords, f"cards[{i}].keywords", card.type)
        if ext.buffed and (card.type != "unit" or card.zone not in BOARD):
            raise ScenarioError(f"only a unit on the board can have a buff (702, 705), not a {card.type} in the "
                                f"{card.zone}", path=f"cards[{i}].buffed", expected="a unit at base or a battlefield")
        if ext.might_this_turn and (card.type != "unit" or card.zone not in BOARD):
            raise ScenarioError(f"only a unit on the board has 'this turn' Might (110), not a {card.type} in the "
                                f"{card.zone}", path=f"cards[{i}].might_this_turn",
                                expected="a unit at base or a battlefield")
        if "Temporary" in ext.keywords and any(a.id == TEMPORARY_ID for a in card.abilities):
            raise ScenarioError(f"ability id {TEMPORARY_ID!r} is the rules' ability of Temporary on card "
                                f"{card.id!r}: give the card's own ability another id", path=f"cards[{i}].abilities")


def check_ability(ability, path: str) -> None:
    """Legion is a dependent keyword of a triggered ability here: on an ability used with
    priority (a cost reduction, a permission) its condition is not checked, so it is refused."""
    if ability.legion and ability.timing is not Timing.TRIGGERED:
        raise ScenarioError("'legion' is modelled on triggered abilities only: rulekit does not check a dependent "
                            "keyword's condition for an ability used with priority", path=f"{path}.legion",
                            expected="timing: triggered")


__all__ = ["check_ability", "check_cards", "check_keywords"]
