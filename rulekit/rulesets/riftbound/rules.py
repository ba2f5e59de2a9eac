"""Riftbound's entries in the rules registry (ids ``rb.*``), with their sources."""
from __future__ import annotations

from ...rules import Rule

_RBT = "Riftbound, rules text \"Trigger Conditions and Source Changes\""
_RBC = "Riftbound Core Rules (triggered abilities and the Chain; numbering differs between versions)"

RULES: tuple[Rule, ...] = (
    Rule("rb.occurs", "Events are processed at once",
         "Riftbound has no interrupt windows: an event is processed, then the triggers it meets are evaluated.",
         "rules reference", _RBC),
    Rule("rb.trigger-condition", "A condition written with the trigger condition",
         "A condition placed immediately after the trigger condition is part of that trigger condition. It must be "
         "satisfied when the event is evaluated. [\u2026] Once the ability exists, moving or removing her in reaction "
         "does not by itself stop its rune-readying instructions.", "rules text", _RBT),
    Rule("rb.effect-condition", "A condition inside the effect",
         "A conditional statement inside the effect is instead checked when that instruction executes. [\u2026] That "
         "hand-size check happens when the draw instruction executes, so intervening draws or discards can change "
         "its result.", "rules text", _RBT),
    Rule("rb.nth", "Numbered occurrences",
         "For a trigger on the first, second or another numbered occurrence, track the specified occurrence. If "
         "several qualifying instances happen simultaneously when that condition is met, the ability's controller "
         "chooses one of those events as the event that triggers it and the ability triggers only once.",
         "rules text", _RBT),
    Rule("rulekit.rb.nth-count", "What a numbered trigger counts",
         "A numbered trigger counts the qualifying events it saw this turn while it was active (on its card, in "
         "the zone where it works); events before its card entered that zone do not count. Counts start again "
         "each turn.", "rulekit", "rulekit",
         "The rules say \"track the specified occurrence\"; an ability that was not there cannot have tracked it, "
         "and counting events it never saw would let a card that enters late be blocked by deaths it missed."),
    Rule("rb.zones", "Where an ability works",
         "Triggered abilities on permanents normally work on the board. [\u2026] An ability that works outside the "
         "board states where it works.", "rules text", _RBT),
    Rule("rb.evaluate-after", "Triggers are evaluated after the event",
         "Evaluate ordinary triggers after the event has been processed. Entering the game area where the ability "
         "works at the same time as the condition is met can allow a trigger. Leaving that zone at the same time "
         "normally prevents the source from observing the event.", "rules text", _RBT),
    Rule("rb.deathknell", "Deathknell",
         "Own-death abilities such as Deathknell have their separate pre-departure capture procedure: the item is "
         "created before the card moves, with its controller, location and Might as on the board; each instance "
         "triggers separately and its controller orders them.", "rules reference", _RBT + "; " + _RBC),
    Rule("rb.granted", "Granted and removed abilities",
         "A granted trigger must be active when its condition is evaluated; gaining it after an earlier event does "
         "not retroactively trigger it. If a response later removes that granted text, the already-created ability "
         "does not disappear merely because the unit no longer has the text.", "rules text", _RBT),
    Rule("rb.control", "Who controls a created ability",
         "An ability normally begins under the controller of its source, or the source's owner when the source is "
         "in a non-board zone. A later control change of the source does not transfer that created ability.",
         "rules text", _RBT),
    Rule("rb.source-info", "What an item reads when it resolves",
         "Terms such as friendly and enemy are assessed relative to its controller when the instruction executes. "
         "Retaining control of the ability does not freeze the source's Might or location. Information about an "
         "object that is no longer available is null and a calculation that needs it is ignored.",
         "rules text", _RBT + "; " + _RBC),
    Rule("rb.simultaneous", "Simultaneous triggers",
         "Each player orders their own simultaneous triggered abilities; the turn player's go on the Chain first, "
         "then in turn order.", "rules reference", _RBC),
    Rule("rb.chain.finalize", "Pending and finalized items",
         "Items are added as pending and finalized in the order added; targets are chosen at finalization; "
         "finalizing does not pass priority.", "rules reference", _RBC),
    Rule("rb.chain", "The Chain and priority",
         "Once no item is pending, the controller of the newest item has priority; a player with priority may add "
         "items or pass to the next player in turn order; when all players pass in a row, the newest item "
         "resolves; then the controller of the new newest item receives priority.", "rules reference", _RBC),
    Rule("rb.resolve", "Resolving an item", "An item's instructions execute in order; each event they make is "
         "processed at once and its triggers evaluated, their items waiting until the item has resolved.",
         "rules reference", _RBC),
    Rule("rb.cleanup", "Cleanup", "A cleanup follows each resolution: units with lethal damage die together.",
         "rules reference", _RBC),
    Rule("rb.effect-nothing", "Nothing to change", "An instruction with nothing to change does nothing.",
         "rules reference", _RBC),
    Rule("rb.replacement", "A replaced death",
         "A death that is replaced does not happen: the card does not die, so Deathknell does not trigger and no "
         "\"when … dies\" trigger sees a death.", "rules reference", _RBC + " (Deathknell; replacement effects)"),
    Rule("rb.optional", "\"You may\" (pinned reading)",
         "rulekit pins this reading: a leading \"you may\" is decided when the item resolves, and declining does not "
         "undo the trigger (a once-per-turn ability that was declined has still triggered this turn).",
         "rulekit", _RBC + " — versions differ on this; rulekit pins the resolution-time reading",
         "Deciding at resolution keeps the choice with the most information, and the item already exists on the "
         "Chain, which is what \"triggered\" means; versions that decide at finalization are noted, not followed."),
)
