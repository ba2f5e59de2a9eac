"""The rules registry: every rule id a step, verdict or lesson cites, with its text and source.

Provenance is one of ``"rules text"`` (quoted from the rules the toolkit teaches), ``"rules
reference"`` / ``"faq"`` (the full rulebook, summarised in our words), or ``"rulekit"`` — a
decision rulekit made where the rules are silent, with its reasoning.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    title: str
    text: str
    provenance: str
    source: str
    reasoning: str = ""


_TC = "A Game of Thrones: The Card Game (2nd ed.), Rules Reference, \"Triggering Condition\""
_RR = "A Game of Thrones: The Card Game (2nd ed.), Rules Reference"

_RBT = "Riftbound, rules text \"Trigger Conditions and Source Changes\""
_RBC = "Riftbound Core Rules (triggered abilities and the Chain; numbering differs between versions)"

_ALL = (
    Rule("agot.tc", "Triggering condition",
         "A triggering condition is a specific occurrence that takes place in the game. On card abilities, the "
         "triggering condition is the element of the ability that references such an occurrence, indicating the "
         "timing point at which the ability may be used.", "rules text", _TC),
    Rule("agot.tc.shared", "Shared windows",
         "If a single occurrence creates multiple triggering conditions (such as two characters being killed "
         "simultaneously by a claim 2 military challenge), those triggering conditions are handled in shared "
         "interrupt/reaction windows, in which abilities that refer to any of the triggering conditions created "
         "by that occurrence may be used.", "rules text", _TC),
    Rule("agot.tc.1", "Step 1: imminent",
         "The triggering condition becomes imminent. (In other words, if it is not canceled, changed, or "
         "otherwise pre-empted by interrupt abilities, the triggering condition is the next thing that will "
         "occur in the game.)", "rules text", _TC),
    Rule("agot.tc.2", "Step 2: \"would\" interrupts",
         "Interrupt abilities referencing when the imminent triggering condition \u201cwould\u201d occur may be "
         "used. [\u2026] If the imminent triggering condition is canceled, none of the subsequent steps in this "
         "sequence occur. If the triggering condition is changed, the original triggering condition is no longer "
         "imminent, but the newly established triggering condition is now imminent.", "rules text", _TC),
    Rule("agot.tc.3", "Step 3: forced interrupts",
         "Forced interrupts to the imminent triggering condition must resolve, in the order determined by the "
         "first player.", "rules text", _TC),
    Rule("agot.tc.4", "Step 4: the interrupt window",
         "The interrupt window to the imminent triggering condition opens, and closes after all players "
         "consecutively pass.", "rules text", _TC),
    Rule("agot.tc.5", "Step 5: occurrence", "The triggering condition itself occurs.", "rules text", _TC),
    Rule("agot.tc.6", "Step 6: forced reactions",
         "Forced reactions to the triggering condition must resolve, in the order determined by the first "
         "player.", "rules text", _TC),
    Rule("agot.tc.7", "Step 7: the reaction window",
         "The reaction window to the triggering condition opens, and closes after all players consecutively "
         "pass.", "rules text", _TC),
    Rule("agot.window.open", "Windows: the first opportunity",
         "In an interrupt or reaction window the first player has the first opportunity to use an ability, then "
         "the opportunity passes in player order.", "rules reference", _RR + ", \"Player Order\" and windows"),
    Rule("agot.window.pass", "Windows: passing",
         "The player with the opportunity uses one eligible ability or passes. A player who passed may act later "
         "in the same window if another player acts; the window closes only when all players pass in succession.",
         "rules reference", _RR + ", interrupt and reaction windows"),
    Rule("agot.window.act", "Windows: acting",
         "A player uses one ability, which resolves completely; then the opportunity moves to the next player in "
         "player order.", "rules reference", _RR + ", interrupt and reaction windows"),
    Rule("agot.once", "Once per triggering condition",
         "Each interrupt and reaction may be used once per occurrence of its triggering condition (each copy of an "
         "ability once). With \"one or more\" wording an ability refers to the occurrence as a whole, so it may "
         "be used once for it.", "rules reference", _RR + ", \"Interrupts\" and \"Reactions\""),
    Rule("agot.forced.order", "Forced abilities: order",
         "Forced interrupts and forced reactions are mandatory and resolve before the non-forced ones of the same "
         "kind; when several are simultaneous the first player chooses their order, whoever controls them.",
         "rules reference", _RR + ", \"Forced\" abilities"),
    Rule("agot.initiate", "Initiating an ability",
         "An ability can only be initiated if its effect could change the game state and its cost can be paid in "
         "full. Initiating: check restrictions, determine and pay costs, choose targets, then the effect "
         "initiates and resolves.", "rules reference", _RR + ", \"Initiating Abilities\""),
    Rule("agot.initiate.cost-paid", "Costs are paid", "Costs are paid before targets are chosen.",
         "rules reference", _RR + ", \"Initiating Abilities\" (step 3)"),
    Rule("agot.initiate.targets", "Targets are chosen",
         "Targets are chosen after costs are paid and before the effect initiates; only a target the effect could "
         "change may be chosen.", "rules reference", _RR + ", \"Target\""),
    Rule("agot.initiate.effect", "The effect initiates",
         "The initiation of an effect is its own moment, before the effect resolves.",
         "rules reference", _RR + ", \"Initiating Abilities\""),
    Rule("agot.effect.condition", "A condition inside an effect",
         "A condition written inside an effect is checked when that part of the effect resolves; if it is false, "
         "that part does nothing.", "rules reference", _RR + ", effects"),
    Rule("agot.effect.nothing", "Nothing to change",
         "An instruction whose target is gone, or which could change nothing, does nothing.", "rules reference",
         _RR + ", effects"),
    Rule("agot.nested", "Nested ability sequences",
         "A triggering condition that arises while another sequence is resolving gets its own sequence, which "
         "finishes before the outer one continues (last in, first out, any depth). Interrupts to a condition an "
         "effect creates are taken at once; the reactions to the conditions an effect created open after the whole "
         "effect has resolved, in one shared window.", "rules reference", _RR + ", \"Nested Ability Sequences\""),
    Rule("agot.cancel", "Cancel",
         "Cancel abilities interrupt the initiation of an effect, which is a triggering condition of its own before "
         "the effect resolves. A cancelled effect is no longer imminent, so nothing further (cancels included) may "
         "be initiated in reference to it; the cancelled ability still counts as used and its costs stay paid; a "
         "cancelled event card still counts as played. If a cancel is itself cancelled, it never initiates, so the "
         "original effect is simply still imminent.", "rules reference",
         _RR + ", \"Cancel\"; and the rules text: \"'Cancel' interrupts are the only type that will reference the "
         "initiation of an effect\""),
    Rule("agot.change", "Change and save",
         "After each interrupt, the engine checks whether the condition is still imminent. If it was changed (a "
         "card that was about to leave play is now about to be saved), the original condition is no longer "
         "imminent — no forced interrupts, occurrence, reactions or further interrupts for it — and the new "
         "condition is imminent in a sequence of its own. A saved card is not considered killed or discarded. "
         "\"Cannot be saved\" forbids saves, and a card cannot be saved from being sacrificed or from leaving play "
         "as a cost.", "rules reference", _TC + " (step 2); " + _RR + ", \"Save\""),
    Rule("rulekit.change.shared", "A change inside a shared occurrence",
         "When one condition of a shared occurrence is changed (one of two characters killed by claim is saved), only "
         "that condition leaves the group. The others stay in the same sequence, at the same step and in the same "
         "window, which goes on where it was: the opportunity passes to the next player as after any ability.",
         "rulekit", "rulekit",
         "The rules say the changed condition is no longer imminent; nothing changed the others, so they are still "
         "imminent and still share their windows. Restarting their sequence would hand out a second chance for "
         "interrupts already used or passed; splitting them would break the shared window the rules require."),
    Rule("agot.save.duplicate", "Duplicates",
         "Each duplicate gives its card the game ability: \"Interrupt: When this card would leave play, discard a "
         "duplicate of it to save it.\" It cannot be cancelled. A card's duplicates leave play with it.",
         "rules reference", _RR + ", \"Duplicates\""),
    Rule("agot.replacement", "Replacement effects (\"instead\")",
         "A replacement effect is initiated in a window but resolves in place of the original at step 5; the "
         "original condition still counts as having occurred, so reactions to it are still offered. When several "
         "apply, the most recently initiated one is used.", "rules reference", _RR + ", \"Replacement Effects\""),
    Rule("rulekit.replacement", "What a replacement does at step 5",
         "The instructions of the replacement take effect at step 5 in place of the original condition; they create "
         "no triggering conditions of their own.", "rulekit", "rulekit",
         "The rules say the original condition counts as having occurred; giving the replacement's own events "
         "sequences too would offer two sets of reactions for one occurrence."),
    Rule("agot.event.played", "Playing an event",
         "An event card's abilities are used from its owner's hand; once its effect has resolved, or been cancelled, "
         "it is played and goes to its owner's discard pile — a cancelled event still counts as played.",
         "rules reference", _RR + ", \"Event Cards\" and \"Cancel\""),
    Rule("agot.then", "\"Then\"",
         "The part of an effect after \"then\" resolves only if the part before it resolved in full; the two parts "
         "can be interrupted separately but share one reaction window after the whole effect resolves.",
         "faq", "A Game of Thrones: The Card Game (2nd ed.), FAQ, \"Then\""),
    Rule("agot.limit", "Limits and max",
         "\"Limit N per phase/round\" counts uses per copy of the card, per player; a card that leaves and re-enters "
         "play is a new copy. \"Max N per phase/round\" counts across all copies of a title. A cancelled use still "
         "counts.", "rules reference", _RR + ", \"Limits and Maximums\""),
    Rule("agot.delayed", "Delayed effects",
         "A delayed effect is set up by one effect to resolve at a later timing point; it resolves before the "
         "reactions to that timing point are offered, and once.", "rules reference", _RR + ", \"Delayed Effects\""),
    Rule("agot.choose.order", "Several players choose",
         "When an effect asks several players to make choices, the first player chooses first, then the others in "
         "player order, and the effect then resolves for all of them at once.", "rules reference",
         _RR + ", \"Priority of Simultaneous Resolution\""),
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
    Rule("rulekit.setup", "Setting up a scenario",
         "The board is laid out as the scenario lists it; draw decks are in listing order, top card first.",
         "rulekit", "rulekit",
         "The rules start from a real game; a scenario starts from a chosen board, so its order must be stated."),
    Rule("rulekit.script", "The script",
         "Each script entry is one occurrence: all the triggering conditions it creates share one sequence. An "
         "entry that could change nothing creates no triggering condition.", "rulekit", "rulekit",
         "Scenarios describe what happens (a claim 2 kill, a phase beginning) without playing a whole round."),
    Rule("rulekit.auto-pass", "Passing with nothing to use",
         "A player whose opportunity comes while they have no eligible ability passes without being asked; the "
         "pass is recorded like any other. A window in which nobody has an eligible ability opens and closes at "
         "once, every player passing.", "rulekit", "rulekit",
         "The rules give every player the opportunity; asking someone to choose among nothing teaches nothing "
         "and hides the decisions that matter. The consecutive-pass count is kept exactly as the rules say."),
    Rule("rulekit.incarnation", "New objects",
         "A card that changes zones becomes a new object (its object id gains @n); abilities, uses and limits "
         "follow the object, so a card that leaves play and returns is a new copy.", "rulekit", "rulekit",
         "The Rules Reference treats a card that leaves play as a new copy when it returns; every other zone "
         "change has no lasting memory in A Game of Thrones either, so rulekit makes every zone change a new "
         "object, which keeps the rule simple and never merges two copies."),
    Rule("rulekit.default-zones", "Where targets are looked for",
         "Unless an instruction's filter names a zone, it chooses among (or affects) cards in play; putting a card "
         "into play looks in hand.", "rulekit", "rulekit",
         "Card text says \"a character\" meaning one in play; the exceptions name their zone."),
    Rule("rulekit.limits", "Runaway loops",
         "At most 64 triggering-condition sequences may be open at once; past that the game stops with an error "
         "naming the abilities that keep triggering each other.", "rulekit", "rulekit",
         "The rules let abilities trigger each other without end only in theory; a bounded stack keeps a teaching "
         "tool from hanging and says which cards loop."),
    Rule("rulekit.defaults", "Default answers",
         "Every decision has a documented default: forced abilities resolve in listing order, every player passes, "
         "the first legal target in listing order is chosen. Only answers that differ from the default are "
         "recorded.", "rulekit", "rulekit",
         "Short lines of play survive edits of the board: a key that no longer comes up is reported, not guessed."),
)

RULES: dict[str, Rule] = {r.id: r for r in _ALL}


def rule(rule_id: str) -> Rule:
    """The registered rule, or a KeyError naming the closest ids."""
    try:
        return RULES[rule_id]
    except KeyError:
        import difflib
        close = difflib.get_close_matches(rule_id, list(RULES), n=3)
        raise KeyError(f"no rule {rule_id!r}" + (f"; did you mean {', '.join(close)}?" if close else "")) from None
