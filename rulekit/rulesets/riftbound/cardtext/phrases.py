"""The words Riftbound's reader and writer share: events by their verbs, the symbols of Energy,
Power and Might (Core Rules 134.2, 135.2.e), numbers, ordinals and phases, and the canonical
example wordings (``WORDINGS``) a refusal names the nearest of."""
from __future__ import annotations

from rulekit.core.events import EventKind

#: a trigger's verb (the grammar's alias) and the event it names
VERB_EVENTS = {
    "v_killed": EventKind.KILLED, "v_attacks": EventKind.ATTACKS, "v_defends": EventKind.DEFENDS,
    "v_moves": EventKind.MOVES, "v_damaged": EventKind.DAMAGED, "v_leaves": EventKind.LEAVES_PLAY,
    "v_conquers": EventKind.CONQUERS, "v_holds": EventKind.HOLDS, "v_stands": EventKind.STANDS,
    "v_kneels": EventKind.KNEELS, "v_returned": EventKind.RETURNED_TO_HAND, "v_buffed": EventKind.BUFFED,
    "v_recalled": EventKind.RECALLED, "v_played": EventKind.PLAYED, "v_channeled": EventKind.CHANNELED,
}

#: "When I …" (first person) and "When a unit …" (third person) for a card's own action
FIRST_PERSON = {EventKind.KILLED: "die", EventKind.ATTACKS: "attack", EventKind.DEFENDS: "defend",
                EventKind.MOVES: "move", EventKind.DAMAGED: "take damage", EventKind.LEAVES_PLAY: "leave the board"}
THIRD_PERSON = {EventKind.KILLED: "dies", EventKind.ATTACKS: "attacks", EventKind.DEFENDS: "defends",
                EventKind.MOVES: "moves", EventKind.DAMAGED: "takes damage", EventKind.LEAVES_PLAY: "leaves the board"}
#: "When I'm …" / "When a unit is …": what is done to the card
PARTICIPLES = {EventKind.STANDS: "readied", EventKind.KNEELS: "exhausted", EventKind.RETURNED_TO_HAND:
               "returned to hand", EventKind.BUFFED: "buffed", EventKind.RECALLED: "recalled",
               EventKind.PLAYED: "played", EventKind.CHANNELED: "channeled"}
#: "When you …": a player's action (the grammar's alias → event; the writer's verb for "you")
ACTOR_EVENTS = {"a_play": EventKind.PLAYED, "a_channel": EventKind.CHANNELED, "a_exhaust": EventKind.KNEELS,
                "a_conquer": EventKind.CONQUERS, "a_hold": EventKind.HOLDS, "a_pay": EventKind.PAYS,
                "a_draw": EventKind.DRAWS}
ACTOR_VERBS = {EventKind.PLAYED: ("play", "plays"), EventKind.CHANNELED: ("channel", "channels"),
               EventKind.KNEELS: ("exhaust", "exhausts"), EventKind.CONQUERS: ("conquer", "conquers"),
               EventKind.HOLDS: ("hold", "holds"), EventKind.PAYS: ("pay", "pays"), EventKind.DRAWS: ("draw", "draws")}

#: the domains' shorthands (134.2) and universal Power's (135.2.e.5)
POWER_SYMBOLS = {"R": "fury", "G": "calm", "B": "mind", "O": "body", "P": "chaos", "Y": "order", "A": "any"}
SYMBOL_OF = {v: k for k, v in POWER_SYMBOLS.items()}

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
NUMBER_NAMES = {v: k for k, v in NUMBER_WORDS.items()}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
ORDINAL_NAMES = {v: k for k, v in ORDINALS.items()}

#: the phases of a turn a trigger names ("At the start of your Beginning Phase"); the Ending
#: Phase's start is "the end of the turn"
PHASES = ("awaken", "beginning", "channel", "draw", "main", "ending")
ENDING = "ending"

#: where an ability that works off the board says it works ("While I'm in your trash, …")
OFF_BOARD = ("trash", "hand")


def number(word: str) -> int:
    """A number as printed: digits or a word ("two")."""
    return int(word) if word.isdigit() else NUMBER_WORDS[word.lower()]


#: canonical wordings of the constructs the grammar reads; a refusal names the nearest one
WORDINGS = (
    "When you play me, deal 2 to an enemy unit.",
    "When a friendly unit dies, draw 1.",
    "When another friendly unit dies, you may draw 1.",
    "When I attack, give me +2 Might this turn.",
    "When I defend, deal 1 to an enemy unit here.",
    "When I move to a battlefield, draw 1.",
    "When I'm readied, draw 1.",
    "When I'm exhausted, draw 1.",
    "When I'm dealt damage, draw 1.",
    "When I'm returned to hand, draw 1.",
    "When I leave the board, draw 1.",
    "When I conquer, draw 1.",
    "When you conquer, ready a friendly unit.",
    "When you hold here, draw 1.",
    "When you play a gear, exhaust me to draw 1.",
    "When you channel a rune, draw 1.",
    "When you exhaust an enemy unit, deal 1 to it.",
    "When an enemy unit dies on your turn, draw 1.",
    "When you play another unit, if I'm buffed, draw 1.",
    "At the start of your Beginning Phase, deal 1 to each enemy unit here.",
    "At the end of your turn, ready me.",
    "The first time you play a gear each turn, draw 1.",
    "Once each turn, when a friendly unit dies, draw 1.",
    "[Legion] When you play me, buff me.",
    "While I'm in your trash, when a friendly unit dies, draw 1.",
    "Deathknell — Draw 1.",
    "Deathknell — Each opponent discards 1 at random.",
    "If a friendly unit would die, exhaust it and recall it instead.",
    "If I would die while I'm at a battlefield, recall me instead.",
    "Reaction — Choose a friendly unit. The next time it would die, kill this instead.",
    "Action — Choose a friendly unit. The next time it would die this turn, recall it instead.",
    "Reaction — Gain control of a triggered ability.",
    "Action — Give a unit -2 Might this turn.",
    "[2], [E]: Draw 1.",
    "When a friendly unit dies, you may pay [R] to draw 2.",
    "When another friendly unit dies, you may spend my buff to draw 1.",
    "When you play me, play a 1 Might Recruit unit token into your base.",
    "When you play me, play a 3 Might Sprite unit token with Temporary.",
    "When I conquer, play a 1 Might Recruit unit token here.",
    "Deathknell — Play a unit from your hand to your base, ignoring its Energy cost.",
    "When a friendly unit dies, you may play me from your trash, ignoring its cost.",
    "When you play me, give a friendly unit \"Deathknell — Draw 1.\"",
    "When you play me, discard 1 at random. Draw 2.",
    "When I'm readied, shuffle your Main Deck, then draw 1.",
    "When you play me, look at the top 2 cards of your Main Deck. Put them back in any order.",
    "When you play me, kill an enemy unit at random.",
    "When you play me, return a unit to its owner's hand.",
    "When you play me, add [1].",
    "When you play me, channel 1 rune.",
    "When you play me, draw 1 if you control 2 or more units.",
    "When you play me, draw cards equal to my Might.",
    "[Tank]",
)
