"""Riftbound's rulings: points changed between versions of the Core Rules, or decided differently
by a neighbouring game (Magic: The Gathering). The first option of each is rulekit's default.
"""
from __future__ import annotations

from rulekit.core.ruleset import Ruling, RulingOption

_CR = "Riftbound Core Rules (last updated 2026-03-30)"
_CR_OLD = "Riftbound Core Rules, earlier versions"
_RBT = "Riftbound, rules text \"Trigger Conditions and Source Changes\""
_MTG = "Magic: The Gathering Comprehensive Rules"

OPTIONAL = Ruling(
    "rb.optional", "riftbound",
    "When is a triggered ability's leading \"you may\" decided?",
    (
        RulingOption(
            "when-fulfilled",
            "When the trigger condition is fulfilled. Declining means the ability never goes on the Chain (no "
            "item, no priority), and a once-each-turn ability that was declined has not triggered this turn.",
            f"{_CR}, 383.3.a and 383.3.f",
            "The current Core Rules say so in as many words; rulekit follows the current version."),
        RulingOption(
            "at-resolution",
            "When the item resolves: the item goes on the Chain, players get priority, and its controller "
            "decides only then; a declined once-each-turn ability counts as used.",
            _CR_OLD,
            "Earlier texts (and Magic's \"you may\") decide on resolution; kept to compare with older rulings."),
    ))

NTH_COUNT = Ruling(
    "rb.nth-count", "riftbound",
    "What does \"the first (Nth) time … each turn\" count?",
    (
        RulingOption(
            "turn",
            "Every qualifying event of the turn, including those before the card entered play, with "
            "\"friendly\" judged for the watcher's controller; a watcher that leaves and returns the same turn "
            "does not trigger again once the Nth event has passed. An event counts if it met the condition when it "
            "was evaluated: \"I\" is this object and \"here\" is where it was then (383.2.c, 359.3.f.3), so for "
            "\"the first time I conquer\" or \"… moves here\" a new object counts afresh, as under the other option.",
            f"{_RBT} (\"the first qualifying death event for the turn\")",
            "The rules text counts the turn's events, not the card's observations."),
        RulingOption(
            "seen",
            "Only the qualifying events the card itself could see (while its ability worked); a new object "
            "counts afresh.",
            "rulekit's earlier reading",
            "A card that was not there cannot have seen the first event; kept to compare."),
    ))

SOURCE_INFO = Ruling(
    "rb.source-info", "riftbound",
    "What does an instruction read about a source that is gone?",
    (
        RulingOption(
            "null",
            "Nothing: information about an object that is no longer available is null, and a calculation that "
            "needs it is skipped.",
            f"{_CR}, 359.3.e.12 (a check on information no longer available returns null; Deathknell notes its "
            "own, 808.1.d.3)",
            "Riftbound has no last-known information outside Deathknell's capture."),
        RulingOption(
            "last-known",
            "The source as it last existed where the ability's source was (its Might when it left the board).",
            f"{_MTG}, 608.2h (last known information)",
            "Magic's look-back; a useful contrast."),
    ))

RECHECK = Ruling(
    "rb.recheck-condition", "riftbound",
    "Is a condition written with the trigger condition checked again when the ability resolves?",
    (
        RulingOption(
            "no",
            "No: it is part of the trigger condition, checked when the event is evaluated and never again.",
            f"{_RBT}; {_CR}, 383.3.e",
            "The rules text says not to retest it at resolution."),
        RulingOption(
            "intervening-if",
            "Yes: like Magic's intervening \"if\", it is checked when the event is evaluated and again on "
            "resolution; if false then, the ability does nothing.",
            f"{_MTG}, 603.4",
            "Magic rechecks; a useful contrast."),
    ))

REPLACEMENT_TRIGGERS = Ruling(
    "rb.replacement-triggers", "riftbound",
    "Do the events that replace a replaced event happen, and can they trigger abilities?",
    (
        RulingOption(
            "trigger",
            "The replaced event does not happen (a replaced death fires no Deathknell), but the events that "
            "replace it do happen and can trigger (a gear killed instead of the unit triggers its own "
            "Deathknell).",
            f"{_CR}, 370.1.a (the replacing game actions or events) and 808.1.d.1",
            "A replacing event is an ordinary event once it happens."),
        RulingOption(
            "no-trigger",
            "The replacing events take effect but trigger nothing.",
            "rulekit's earlier reading",
            "Simpler; kept to compare."),
    ))

ONCE_REMOVED = Ruling(
    "rb.once-removed", "riftbound",
    "Has a once-each-turn ability triggered this turn if its item was removed when finalized (no legal "
    "target, or its cost not paid)?",
    (
        RulingOption(
            "triggered",
            "Yes: it was put on the Chain, so it has triggered this turn, and a later event this turn does not "
            "trigger it again.",
            f"{_CR}, 383.3.f.2 (only an ability its controller chose not to place on the Chain has not triggered) "
            "and 402.3 (the removed item is a triggered ability that has been put on the Chain)",
            "383.3.f.2 makes one exception, for not placing the item; a removed item was placed. Reading the "
            "exception narrowly keeps the words of 402.3, which speak of a triggered ability put on the Chain."),
        RulingOption(
            "not-triggered",
            "No: the removed item never became a Chain Item (402.3, 404.2), so, like an item its controller "
            "chose not to place, the ability has not triggered this turn and a later event can trigger it.",
            f"{_CR}, 402.3, 404.2 (it never becomes a Chain Item) read with 383.3.f.2",
            "An ability that did nothing and was never a Chain Item is arguably no more \"triggered\" than one "
            "left off the Chain; the rules do not say."),
    ))

OWN_LEAVING = Ruling(
    "rb.own-leaving", "riftbound",
    "Does a triggered ability about its own card leaving the board (\"When I leave the board\", \"When I'm "
    "returned to hand\") see that event, although its card leaves the zone where it works in it?",
    (
        RulingOption(
            "sees",
            "Yes: like Deathknell (\"When I die\"), it is judged from the card as it was on the board, before it "
            "moved, and its item is created then, under the card's controller there — so it goes on the Chain with "
            "the Deathknells, before the abilities that see the departure; when it resolves, what it reads of the "
            "card is null (the card is a new object).",
            f"{_CR}, 002 (card text supersedes rules text), 808.1.c-808.1.d.3 (\"When I die\": noted before the "
            f"card moves); {_RBT} (\"Own-death abilities such as Deathknell have their separate pre-departure "
            "capture procedure\")",
            "The Core Rules give no look-back rule for leaving the board in general; a printed \"When I leave the "
            "board\" would never work from the board if it could not see its own departure, and the rules text "
            "counts own-death abilities (\"such as Deathknell\") as captured before the move."),
        RulingOption(
            "not-seen",
            "No: the card left the zone where its ability works in the same event, so it cannot evaluate its "
            "trigger condition; only Deathknell is captured before the move.",
            f"{_CR}, 383.2.c.2, 384.2 and 808.1.d.2; {_RBT} (\"do not generalize that exception to every "
            "observer\")",
            "The rules' words read strictly: the pre-departure capture is written for Deathknell only."),
    ))

LEGION_COUNTS = Ruling(
    "rb.legion-counts", "riftbound",
    "Does a spell count for Legion (\"if you have played another card this turn\") once it is finalized on the "
    "Chain, or only once its play is complete, when it resolves?",
    (
        RulingOption(
            "finalized",
            "Once it is finalized: a Legion text is active as soon as another card of its controller's has been "
            "finalized this turn, so a spell still on the Chain — even while it resolves, before its play is "
            "complete — counts.",
            f"{_CR}, 812.1.c (the dependent ability is active as long as a card other than the Legion card has "
            "been finalized this turn) and 359.3.a (a spell becomes a Finalized Chain Item before it resolves)",
            "812.1.c is Legion's own rule and says when its text is active in as many words; the specific rule "
            "is read before the general ones. A unit or gear is played as it is finalized (337.1.c), so the "
            "options differ only for spells."),
        RulingOption(
            "played",
            "Only once its play is complete: Legion is short for \"if you have played another card this turn\", "
            "and a card is played when the whole process is finished — a spell by its resolution; until then (and "
            "if it is countered) it has not been played.",
            f"{_CR}, 812.1.b.1 and 727.1 (\"played another card\"), 350.1, 419.4-419.4.b (abilities that check "
            "whether cards have been played see a play completed by the card's resolution) and 425.1.b",
            "812.1.b.1's wording and 419.4's rule for every ability that checks whether cards have been played; "
            "419.4 names no exception for Legion."),
    ))

PLAYED_BY = Ruling(
    "rb.played-by", "riftbound",
    "Who played a spell whose control changed while it was on the Chain — whose \"When you play a spell\" "
    "does it trigger, and for whom does it count as played this turn?",
    (
        RulingOption(
            "who-played",
            "The player who played it: who put it on the Chain and paid for it. A change of its control changes "
            "who controls it (its \"you\" as it resolves) but not who performed the play.",
            f"{_CR}, 419.1 (a player plays a card by putting it on the Chain and queuing it to be finalized), 411.1 "
            "and 411.4 (\"When you …\" triggers on a game action you are responsible for, the one you "
            "perform)",
            "411.4 is the rule for who \"you\" is in a trigger condition on an action, and the play is performed "
            "by the player who began it; 155 and 188.1-188.2 make that player the spell's controller, not the "
            "other way round. No rule speaks of a spell changing control on the Chain."),
        RulingOption(
            "controller",
            "Its controller when its play is completed: the spell is played when it resolves, and a spell's "
            "player and controller are one and the same.",
            f"{_CR}, 155 (a spell is controlled by the player who played it), 188.1-188.2 and 419.4.a (the play "
            "is completed by its resolution)",
            "Reads 155 and 188.2 as an identity that holds at the moment the play is completed; it is how the "
            "issue that asked for this case reads them."),
    ))

RESOLUTION_STEP = Ruling(
    "rb.resolution-step", "riftbound",
    "In a combat's Resolution Step, when are the items that wait on the Chain — triggered by combat damage, "
    "in the Combat Cleanup, by the conquer — finalized and resolved?",
    (
        RulingOption(
            "each-task",
            "Once the task they were added in is complete: the items triggered by combat damage and in the Combat "
            "Cleanup wait until the cleanup is over — its deaths, the heal of every unit, the recall of "
            "attackers — and are then processed, before the combat's result and control are determined; a "
            "conquer's items are processed once control is established, before combat ends.",
            f"{_CR}, 460.3 (the FEPR process is skipped once, between combat damage and the Resolution Step), "
            "461.2, 461.4 and 461.6 (each task of the step becomes outstanding on its own, where 459.2.a and "
            "460.1 make theirs outstanding together), 335.2-335.3 and 317.2.e-317.2.f (the Expiration Step's next "
            "task asks whether items underwent the FEPR process after its special cleanup); community rulings "
            "(RiftJudge FAQ: a Deathknell is finalized at the end of the combat cleanup; a \"when you win a "
            "combat\" ability resolves before the conquer) and another public engine's ruling tests (a combat "
            "Deathknell resolves after the heal, before the combat result, the designations still on)",
            "335.2 processes the pending items whenever no task is outstanding. The Resolution Step makes its "
            "tasks outstanding one at a time, as the Expiration Step does, where the rules say in as many words "
            "that items go through the FEPR process between them; 460.3 skips that process only between combat "
            "damage and the step."),
        RulingOption(
            "whole-step",
            "Once combat has ended: every item added from combat damage to the end of combat waits until the "
            "Resolution Step's tasks are all done — the cleanup, the heal, the recalls, the combat result, "
            "control and the conquer, the removal of the designations — and they are then finalized in the order "
            "they were added, the conquer's after the cleanup's.",
            f"{_CR}, 335.1 (items added while tasks are handled remain on the Chain until the tasks are "
            "complete), 320-320.1 and 460.3; rulekit's issue \"Rules fidelity, fourth pass\", point 3",
            "Reads the Resolution Step's tasks as one run of outstanding tasks: 459.2.f gives players play on the "
            "Chain inside combat's first step, and 461 gives none."),
    ))

NEXT_TIME_UNAPPLIED = Ruling(
    "rb.next-time-unapplied", "riftbound",
    "A spell made \"the next time it would die (this turn), … instead\"; the unit would die, and its owner "
    "applied another replacement first, after which this one no longer applied. Is it used up?",
    (
        RulingOption(
            "waits",
            "No: it was not applied, so it has replaced nothing and still waits for that object's next death "
            "(until the turn ends, if it says \"this turn\").",
            f"{_CR}, 370.1.a (a replacement replaces an event when it applies), 372 (the owner orders the "
            "replacements that apply) and 371.2 (a \"once each turn\" replacement that was not applied has not "
            "been applied this turn)",
            "The rules count a replacement as used when it is applied; nothing says a replacement that another "
            "one pre-empted is spent."),
        RulingOption(
            "spent",
            "Yes: \"the next time it would die\" names that moment; once the object would have died, the time "
            "has passed, applied or not.",
            f"rulekit's reading of {_CR}, 390.3 (a delayed replacement is recognised by \"the [Nth] time\")",
            "Kept to compare: a player may read \"the next time\" as a moment rather than as a use."),
    ))

_CR_JULY = "Riftbound Core Rules, version of 2026-07-16 (as quoted in public rules notes)"

REPLACEMENT_CHOOSER = Ruling(
    "rb.replacement-chooser", "riftbound",
    "Several replacements apply to one event about a card: who chooses which applies first — the card's "
    "owner or its controller?",
    (
        RulingOption(
            "owner",
            "The owner of the object acted on, whoever controls it or the replacements.",
            f"{_CR}, 372",
            "The version of the Core Rules rulekit follows says the owner in as many words."),
        RulingOption(
            "controller",
            "The controller of the object acted on.",
            f"{_CR_JULY}, 372",
            "A later text of the same rule names the controller; kept so the two can be compared until the "
            "version rulekit follows changes."),
    ))

DEATHKNELL_ME = Ruling(
    "rb.deathknell-me", "riftbound",
    "When a Deathknell resolves, its card is in the trash. Does \"me\" (\"recycle me\", \"return me to my "
    "owner's hand\") name that card there?",
    (
        RulingOption(
            "trash",
            "Yes: \"me\" is the card its death put in its owner's trash, for as long as it stays there; an "
            "instruction that can act on a card in the trash (recycle it, return it to hand, banish it) does, and "
            "so can a cost \"recycle me to …\", paid as the item is finalized. What needs a permanent on the board "
            "(\"give me +1 Might\", \"ready me\") finds nothing there and is ignored.",
            f"{_CR}, 808.1.c and 808.1.d (the trigger is the permanent killed and sent to the trash; 808.1.d.1: "
            "one recalled instead triggers nothing), 053.1, 108.2.b, 385.2 and 355.9.a.1; "
            f"{_RBT} (an ability whose source is in a non-board zone is under its owner); {_CR_JULY}, 383.3.b "
            "(its example: a Deathknell whose base cost recycles its own card)",
            "A Deathknell happens only if its card reaches the trash, and the rules' own example pays a "
            "Deathknell's cost by recycling that card from there: \"me\" follows the card to the trash."),
        RulingOption(
            "gone",
            "No: the card in the trash is a new object, so the permanent \"me\" named no longer exists and "
            "the instruction does nothing (rulekit's earlier behaviour).",
            f"{_CR}, 110 and 359.3.e.4 (a card that changes zones to a non-board zone is not the same object) "
            "and 359.3.e.12",
            "Reads the new-object rule strictly; kept to compare: it would make every printed \"recycle me\" "
            "Deathknell do nothing."),
    ))

PAY_TO_PLAY = Ruling(
    "rb.pay-to-play", "riftbound",
    "A triggered ability's cost within its instructions is paid to play a card (\"When …, you may pay [1] to play "
    "me from your trash\"). Is the card's own Cost paid as well when it is played?",
    (
        RulingOption(
            "also",
            "Yes: what is paid \"to\" play it is the triggered ability's cost, paid as its item is finalized; the "
            "play that follows takes every step of playing a card, its Cost paid as it is finalized, since the "
            "text neither ignores nor replaces that Cost. A Cost that cannot be paid undoes the play.",
            f"{_CR}, 383.3.b, 742.1.b, 419.3.b and 356.1",
            "The Core Rules' words: only \"ignoring\" (356.1.b) and \"for [Cost]\" (356.1.a) change what playing a "
            "card costs, and an effect's play otherwise follows every step of playing (419.3.b)."),
        RulingOption(
            "instead",
            "No: what is paid is the price of playing the card, as \"play me for [1]\" would replace its Cost "
            "(356.1.a); the card's own Cost is not paid.",
            f"{_CR}, 356.1.a (by analogy)",
            "Reads the printed price as the price of the play, as cards that print it (a cheap replay from the "
            "trash) seem meant to be read; the Core Rules do not say so in as many words."),
    ))

RULINGS = (OPTIONAL, NTH_COUNT, SOURCE_INFO, RECHECK, REPLACEMENT_TRIGGERS, ONCE_REMOVED, OWN_LEAVING, LEGION_COUNTS,
           PLAYED_BY, RESOLUTION_STEP, NEXT_TIME_UNAPPLIED, REPLACEMENT_CHOOSER, DEATHKNELL_ME, PAY_TO_PLAY)
