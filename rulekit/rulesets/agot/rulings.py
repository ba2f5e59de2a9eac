"""A Game of Thrones' rulings: points where the texts leave room for two readings.

Each option says what it decides, where it comes from and why; the first is rulekit's default.
"""
from __future__ import annotations

from rulekit.core.ruleset import Ruling, RulingOption

_RR = "A Game of Thrones: The Card Game (2nd ed.), Rules Reference"

REPLACEMENT_TRIGGERS = Ruling(
    "agot.replacement-triggers", "agot",
    "When an \"instead\" is used as a replacement (the replaced condition still counts as having occurred), do "
    "the events that happen in its place create triggering conditions of their own?",
    (
        RulingOption(
            "no-trigger",
            "The replacement's events take effect in place of the condition without opening sequences of their "
            "own: nothing can interrupt or react to them; the replaced condition still counts as having occurred, "
            "so the reactions to it are the only ones.",
            f"{_RR}, \"Replacement Effects\" (the replacement resolves the same condition by other means; the "
            "condition is still considered to occur)",
            "The Rules Reference says a replacement is another way of resolving the same triggering condition, not "
            "a new one; rulekit keeps one sequence per occurrence, so the original's reactions are the only ones."),
        RulingOption(
            "trigger",
            "The replacement's events are occurrences like any other: each opens a nested sequence (interrupts, "
            "then reactions) at the moment the replaced condition would have occurred, before the original's "
            "reactions.",
            f"{_RR}, \"Nested Ability Sequences\" (any new triggering condition gets its own sequence)",
            "Every triggering condition in the game gets its own sequence; a replacement's events are new "
            "triggering conditions, so they can be interrupted and reacted to."),
    ))

WOULD_INSTEAD = Ruling(
    "agot.would-instead", "agot",
    "A \"would\" interrupt that says \"instead\" (\"When a character would be killed, return it to your hand "
    "instead\"): does it replace how the condition resolves, or change what is about to happen?",
    (
        RulingOption(
            "replacement",
            "A replacement, like every \"instead\": the original condition stays imminent, so the forced "
            "interrupts and interrupts to it still come (if another replacement is initiated, the most recent one "
            "is used); at step 5 the replacement resolves in its place, the condition still counts as having "
            "occurred, and the reactions to it follow. (Whether the replacing events open sequences of their own "
            "is the ruling agot.replacement-triggers.)",
            f"{_RR}, \"Replacement Effects\" (a replacement changes how the same condition resolves, which is "
            "still considered to occur; it resolves once all interrupts to the condition have resolved; the most "
            "recent of several is used)",
            "The Rules Reference defines \"instead\" once, in \"Replacement Effects\", and that entry does not set "
            "\"would\" interrupts apart: the condition still occurs, resolved another way, and the entry expects "
            "other interrupts (other replacements among them) to be used against it. The example of \"The word "
            "'Would'\" for a change that ends the interrupts is a save, which \"Save\" says leaves the card not "
            "considered killed — the opposite of a condition that still occurs. So the default keeps the one "
            "definition the texts give."),
        RulingOption(
            "change",
            "A change: it changes what is about to occur, so the original condition is no longer imminent and never "
            "occurs — no forced interrupts, further interrupts, occurrence or reactions for it; the events it says "
            "happen instead are the newly established condition, imminent at once in a sequence of their own "
            "(interrupts to them, and reactions to them). Plain interrupts that say \"instead\" stay replacements.",
            f"{_RR}, \"The word 'Would'\" (an interrupt to a condition that would occur which changes the nature of "
            "what is about to occur ends the interrupts to it, as it is no longer imminent); rules text, "
            "\"Triggering Condition\", step 2 (a changed condition is no longer imminent, and the new one is)",
            "An interrupt that acts while the condition \"would\" occur and puts something else in its place has "
            "changed what is about to occur, just as a save does; then the original is no longer imminent, and "
            "step 2 of the rules text makes the new condition the imminent one — with its own interrupts and "
            "reactions, and none to the original."),
    ))

THEN_AFTER_REPLACEMENT = Ruling(
    "agot.then-after-replacement", "agot",
    "Did a pre-then part whose triggering condition was replaced (\"instead\") resolve in full, so that the part "
    "after \"then\" resolves?",
    (
        RulingOption(
            "occurred",
            "Yes: the replaced condition is still considered to have occurred, so the pre-then part resolved and the "
            "post-then part resolves (a kill replaced by a return to hand counts as the kill).",
            f"{_RR}, \"Replacement Effects\" (a replacement resolves the same triggering condition by other means, "
            "and the condition is still considered to occur)",
            "The Replacement Effects entry calls the replacement a different way of resolving the same condition, "
            "not a failure to resolve it, and rulekit already counts the replaced condition as having occurred for "
            "its reactions; reading \"then\" the same way gives one answer to whether it occurred."),
        RulingOption(
            "not-in-full",
            "No: the post-then part resolves only if the game state reflects the pre-then part's intent in its "
            "entirety, and a replaced condition left it otherwise (a character killed \"instead\" returned to hand "
            "is not in the dead pile), so the post-then part does not resolve.",
            f"{_RR}, \"The word 'Then'\" (the pre-then aspect must resolve in full: the game state changes to reflect "
            "its intent in its entirety) and \"Kill, Killed\" (a killed character is placed in the dead pile)",
            "The \"Then\" entry judges by the game state, not by what is considered to have occurred; a replacement "
            "changes what the game state becomes, so the intent of the pre-then part was not carried out."),
    ))

EACH_CHOOSES_SHORT = Ruling(
    "agot.each-chooses-short", "agot",
    "When an effect has each player (or each opponent) choose cards — \"each player chooses 2 characters they "
    "control\" — and a chooser has fewer eligible cards than the number, can the ability be initiated, and what "
    "does that chooser choose?",
    (
        RulingOption(
            "as-able",
            "It can be initiated if its effect could change the game state for any chooser; each chooser chooses as "
            "many eligible cards as they have, up to the number, and a chooser with none chooses nothing.",
            f"{_RR}, \"Abilities\" (an ability can be initiated if its effect has the potential to change the game "
            "state), \"Priority of Simultaneous Resolution\" (each player makes their own choices, then the effect "
            "resolves on all of them) and \"Military Claim\" (a player who controls too few characters satisfies "
            "as much of the claim as possible)",
            "The \"Target\" entry's \"not enough valid targets\" is written for the targets of a targeting "
            "ability, which its controller chooses; an effect that each player carries out for themselves is, like "
            "claim, satisfied as far as each player can, and the Rules Reference's test for initiating an effect is "
            "whether it could change the game state."),
        RulingOption(
            "all-or-none",
            "Every chooser must have enough eligible cards: if any has fewer than the number, the ability cannot be "
            "initiated (and a chooser left short by the time the choices are made chooses nothing).",
            f"{_RR}, \"Target\" (if an ability requires the choosing of targets and there are not enough valid "
            "targets, it cannot be initiated) and \"Choose\"; FAQ, (3.3) \"Player Choices While Initiating "
            "Abilities\"",
            "\"Choose\" makes the cards each player picks targets, and the \"Target\" entry does not limit its "
            "initiation check to the controller's choices: an ability that requires targets it cannot have cannot "
            "be initiated."),
    ))

_THRONETEKI = "throneteki (a public online implementation of the game), server/game/GameActions/Search.js"

SEARCH_POTENTIAL = Ruling(
    "agot.search-potential", "agot",
    "Could a search change the game state — so that an ability whose effect is a search may be initiated — where "
    "no card in the searched area fits it?",
    (
        RulingOption(
            "searched-cards",
            "Yes, wherever the searched area holds a card: which of its cards fit is hidden information, and a "
            "player is never obliged to find a card, so a search could change the game state whenever there is a "
            "card to look at. A search of an area with no card (a deck of no card, or none within its \"top N\") "
            "could change nothing.",
            f"{_RR}, \"Search\" (the player looks at the searched cards without revealing them, and is not obliged "
            "to find the object of the search); FAQ, Definitions and Terms, \"Hidden Information\" and \"Open "
            "Information\" (a player cannot learn hidden information without a game effect; the number of cards in "
            "a deck is open); "
            f"{_THRONETEKI} (a search can change the game state whenever the searched deck holds a card)",
            "To judge before initiating it that no card fits, a player would have to learn what the deck holds, "
            "which the rules let them see only through the search itself; what is open information — how many "
            "cards the searched area holds — decides, as it does in the public implementation of the game."),
        RulingOption(
            "a-card-that-fits",
            "Only where a card in the searched area fits the search: the potential is judged on the whole game "
            "state, hidden cards included, like any other effect's; a search that could find nothing could change "
            "nothing by itself.",
            f"{_RR}, \"Abilities\" (a card ability can be initiated only if its effect has the potential to "
            "change the game state)",
            "\"Abilities\" makes no exception for hidden information, and rulekit sees every card of the board."),
    ))

THEN_AFTER_SEARCH = Ruling(
    "agot.then-after-search", "agot",
    "Did a search that found nothing (no card fit, or its player chose to find none) resolve in full, so that the "
    "part after \"then\" resolves?",
    (
        RulingOption(
            "not-in-full",
            "No: the game state did not change to reflect the search's intent (no card was put into the hand, or "
            "into play), so the part after \"then\" does not resolve.",
            f"{_RR}, \"The word 'Then'\" (the pre-then aspect resolves in full when the game state changes to "
            f"reflect its intent in its entirety); {_THRONETEKI} (the search's action on its card, and what a card's "
            "text chains after it, run only when a card is found)",
            "The \"Then\" entry judges by the game state; \"Search\" lets a player find nothing, but says nothing "
            "of \"then\", and a search that found nothing left the game state as if it had not resolved."),
        RulingOption(
            "in-full",
            "Yes: a player is never obliged to find the object of a search, so a search that found nothing was "
            "carried out as the rules allow, and the part after \"then\" resolves.",
            f"{_RR}, \"Search\" (a player is not obliged to find the object of a search effect, even where a card "
            "fits)",
            "Finding nothing is one of the outcomes the Search entry itself allows; the search resolved, only its "
            "result was empty."),
    ))

RULINGS = (REPLACEMENT_TRIGGERS, WOULD_INSTEAD, THEN_AFTER_REPLACEMENT, EACH_CHOOSES_SHORT, SEARCH_POTENTIAL,
           THEN_AFTER_SEARCH)

#: rulings that no longer exist: a file or a command that sets one is refused, naming what replaced it
REMOVED_RULINGS = {
    "agot.replacement-ends-interrupts":
        "it was replaced by agot.would-instead (replacement | change): a plain \"instead\" never ends the "
        "interrupts to its condition (Rules Reference, \"Replacement Effects\"), and whether a \"would ... "
        "instead\" does — and then never occurs, with no reactions to it — is that ruling's question",
}
