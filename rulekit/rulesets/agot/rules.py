"""A Game of Thrones' entries in the rules registry (ids ``agot.*``), with their sources."""
from __future__ import annotations

from rulekit.core.rules import Rule

_TC = "A Game of Thrones: The Card Game (2nd ed.), Rules Reference, \"Triggering Condition\""
_RR = "A Game of Thrones: The Card Game (2nd ed.), Rules Reference"

RULES: tuple[Rule, ...] = (
    Rule("agot.tc", "Triggering condition",
         "A triggering condition is something that happens in the game and that an ability's text points at: it "
         "is the moment the ability may be used. Interrupts usually name it after \"when\", reactions after "
         "\"after\".", "rules text", _TC),
    Rule("agot.tc.shared", "Shared windows",
         "When one occurrence creates several triggering conditions at once (a claim 2 military challenge killing "
         "two characters, say), they share one set of interrupt and reaction windows: in them, any ability that "
         "refers to any of those conditions may be used.", "rules text", _TC),
    Rule("agot.tc.1", "Step 1: imminent",
         "The triggering condition becomes imminent: unless an interrupt cancels, changes or otherwise pre-empts "
         "it, it is the next thing to happen.", "rules text", _TC),
    Rule("agot.tc.2", "Step 2: \"would\" interrupts",
         "Interrupts whose text says the condition \"would\" happen may be used now; cancels belong here too, "
         "and only they refer to the initiation of an effect. A cancelled condition ends its sequence; a changed "
         "one is no longer imminent, and what it became is imminent instead (typically a card about to leave "
         "play is now about to be saved).", "rules text", _TC),
    Rule("agot.tc.3", "Step 3: forced interrupts",
         "Forced interrupts to the imminent condition resolve; they are not optional, and the first player puts "
         "them in order.", "rules text", _TC),
    Rule("agot.tc.4", "Step 4: the interrupt window",
         "The interrupt window opens; it stays open until every player has passed, one after another.",
         "rules text", _TC),
    Rule("agot.tc.5", "Step 5: occurrence", "The triggering condition happens.", "rules text",
         _TC),
    Rule("agot.tc.6", "Step 6: forced reactions",
         "Forced reactions to what just happened resolve; they are not optional, and the first player puts them "
         "in order.", "rules text", _TC),
    Rule("agot.tc.7", "Step 7: the reaction window",
         "The reaction window opens; it stays open until every player has passed, one after another.",
         "rules text", _TC),
    Rule("agot.tc.several", "One triggering condition, several events",
         "A triggering condition may name more than one occurrence (\"after a character is sacrificed or killed\"): "
         "any of them meets it. It is still one ability: each copy is used at most once per triggering condition, "
         "and its limit counts its uses whichever event it answered.", "rules reference",
         _RR + ", \"Triggering Condition\", \"Reactions\", \"Interrupts\" and \"Limits and Maxima\""),
    Rule("agot.entered-play", "How and when a card entered play",
         "A card enters play whenever it goes from an out-of-play area into play. Marshaling it from hand and "
         "putting it into play by an ability are two ways; ambush, a player action of the challenges phase that "
         "puts a card from hand into play, is a third. Only marshaling is marshaling: a card put into play or "
         "ambushed is not considered marshaled. A triggering condition may name the means (\"after you marshal a "
         "character\", \"if it was ambushed\"); while the card stays in play it is known to have entered play in "
         "this phase or this round, and it forgets that once it leaves play.", "rules reference",
         _RR + ", \"Enters Play\", \"Marshal\", \"Ambush (X)\" and \"Put into Play\""),
    Rule("agot.when-revealed", "Plots: When Revealed",
         "The players reveal their chosen plots at once; each becomes its player's revealed plot, on top of the one "
         "revealed before, which joins the used pile. A When Revealed ability must resolve whenever its plot is "
         "revealed: the When Revealed abilities of the plots just revealed initiate one at a time, each resolving "
         "before the next, in the order the first player chooses, whoever controls them; reactions to revealing a "
         "plot wait until they are done. rulekit resolves them at step 6 of the reveal's sequence, before its forced "
         "reactions.", "rules reference",
         _RR + ", \"When Revealed\", \"Plot Phase\" and \"Used Pile\"; Appendix I, \"Framework Event Details\" "
         "(1.3 Reveal plots)"),
    Rule("agot.window.open", "Windows: the first opportunity",
         "In an interrupt or reaction window the first player has the first opportunity to use an ability, then "
         "the opportunity passes in player order.", "rules reference", _RR + ", \"Interrupts\", \"Reactions\" and \"Player Order\""),
    Rule("agot.window.pass", "Windows: passing",
         "The player with the opportunity uses one eligible ability or passes. A player who passed may act later "
         "in the same window if another player acts; the window closes only when all players pass in succession.",
         "rules reference", _RR + ", \"Interrupts\" and \"Reactions\""),
    Rule("agot.window.act", "Windows: acting",
         "A player uses one ability, which resolves completely; then the opportunity moves to the next player in "
         "player order.", "rules reference", _RR + ", \"Interrupts\" and \"Reactions\""),
    Rule("agot.once", "Once per triggering condition",
         "Each interrupt and reaction may be used once per occurrence of its triggering condition (each copy of an "
         "ability once). With \"one or more\" wording an ability refers to the occurrence as a whole, so it may "
         "be used once for it.", "rules reference", _RR + ", \"Interrupts\" and \"Reactions\""),
    Rule("agot.forced.order", "Forced abilities: order",
         "Forced interrupts and forced reactions are mandatory and resolve before the non-forced ones of the same "
         "kind; when several are simultaneous the first player chooses their order, whoever controls them.",
         "rules reference", _RR + ", \"Forced Interrupts / Forced Reactions\""),
    Rule("agot.initiate", "Initiating an ability",
         "An ability can only be initiated if its effect could change the game state and its cost can be paid in "
         "full. Initiating: check restrictions, determine and pay costs, choose targets, then the effect "
         "initiates and resolves. Whether the effect could change the game state reads all of it as the game "
         "stands: a part whose condition is false now, or a lasting effect that would expire at once, could "
         "change nothing, and the part after \"then\" only through the part before it, which must resolve in "
         "full first. Only an ability that must choose a target (\"choose\") and has none has no legal target.",
         "rules reference", _RR + ", \"Abilities\", \"Initiating Abilities / Marshaling Cards\", \"Target\", "
         "\"Lasting Effects\" and \"The word 'Then'\""),
    Rule("agot.initiate.cost-paid", "Costs are paid", "Costs are paid before targets are chosen.",
         "rules reference", _RR + ", \"Initiating Abilities / Marshaling Cards\" (steps 4 and 5)"),
    Rule("agot.costs", "Costs are paid together",
         "When an ability has several costs, they are paid at the same time: once every choice they need is made, "
         "all of them happen as one occurrence, so their triggering conditions share one set of interrupt windows and "
         "one reaction window, rather than one after the other.", "rules reference",
         _RR + ", \"Costs\"; rules text, \"Triggering Condition\" (shared windows)"),
    Rule("agot.initiate.targets", "Targets are chosen",
         "Targets are chosen after costs are paid and before the effect initiates — those of the part of the "
         "effect before any \"then\" (the others later, rule agot.then.targets); only a target the effect could "
         "change may be chosen. Only \"choose\" makes a target: a search, a card taken at random or \"each\" "
         "card chooses none.", "rules reference",
         _RR + ", \"Target\" and \"Choose\"; FAQ, Definitions and Terms, \"Choose\""),
    Rule("agot.initiate.effect", "The effect initiates",
         "The initiation of an effect is its own moment, before the effect resolves.",
         "rules reference", _RR + ", \"Initiating Abilities / Marshaling Cards\" (steps 6 and 7)"),
    Rule("agot.effect.condition", "A condition inside an effect",
         "A condition written inside an effect is checked when that part of the effect resolves; if it is false, "
         "that part does nothing.", "rulekit", "rulekit",
         "No Rules Reference entry says when such a condition is checked. \"Effects\" has an effect resolve as much "
         "of each aspect as it can as it resolves, and \"Event Cards\" has an event's effects engage the game state "
         "when they resolve; rulekit reads a condition inside an effect the same way, at that part's resolution."),
    Rule("agot.effect.nothing", "Nothing to change",
         "An instruction whose target is gone, or which could change nothing, does nothing.", "rules reference",
         _RR + ", \"Effects\" and \"Target\""),
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
         "as a cost.", "rules reference", _TC + " (step 2); " + _RR + ", \"Save\" and \"Sacrifice\"; FAQ, (3.2) \"Saving from a Cost\""),
    Rule("rulekit.change.shared", "A change inside a shared occurrence",
         "When one condition of a shared occurrence is changed (one of two characters killed by claim is saved), only "
         "that condition leaves the group. The others stay in the same sequence, at the same step and in the same "
         "window, which goes on where it was: the opportunity passes to the next player as after any ability.",
         "rulekit", "rulekit",
         "The rules say the changed condition is no longer imminent; nothing changed the others, so they are still "
         "imminent and still share their windows. Restarting their sequence would hand out a second chance for "
         "interrupts already used or passed; splitting them would break the shared window the rules require."),
    Rule("rulekit.save.pre-empted", "Nothing left to save",
         "A save acts on a card that is about to leave play. If that leaving can no longer occur before the save "
         "resolves — the card left play some other way (a nested effect killed it while the save's cost was being "
         "paid, say), or something now forbids it (it was stood, and cannot be killed while standing) — the "
         "leaving will be pre-empted and there is nothing to save: the save resolves without effect, and a save "
         "ability is not eligible for such a condition.", "rulekit", "rulekit",
         "The rules let only a card about to leave play be saved; once it has left, the condition it was about to "
         "meet can no longer occur (step 5 pre-empts it), so no reading lets the save bring it back."),
    Rule("agot.save.duplicate", "Duplicates",
         "Every duplicate on a card is a save of its own: a game ability of the card, used in the \"would\" window "
         "when the card is about to leave play, whose cost is discarding that duplicate; it cannot be cancelled. "
         "Two duplicates are two such abilities (each says which duplicate it discards), "
         "so they can save the card twice. A card's duplicates leave play with it.",
         "rules reference", _RR + ", \"Duplicates\""),
    Rule("agot.would", "\"Would\" interrupts",
         "An interrupt to what \"would\" happen is used at step 2, before every other interrupt to the same "
         "condition. Once such an interrupt has changed what is about to happen — the Rules Reference's example is "
         "a save — the original condition is no longer imminent: no further interrupts to it (forced or not, "
         "\"would\" or not) may be used, and it never occurs. Whether a \"would\" interrupt that says \"instead\" "
         "is such a change (what it puts in place is then imminent in a sequence of its own, and nothing reacts to "
         "the original) or a replacement like any other \"instead\" (agot.replacement) is the ruling "
         "agot.would-instead (default: a replacement).",
         "rules reference", _RR + ", \"The word 'Would'\" and \"Replacement Effects\""),
    Rule("agot.constant", "Constant abilities",
         "A constant ability has no triggering condition and is never initiated: while its card is in play (and "
         "while its condition, if it has one, holds) it simply applies, and that is mandatory. rulekit reads the "
         "constant abilities afresh every time the rules ask whether a card can be saved, whether an ability can be "
         "cancelled or whether a card can be killed; a card that cannot be killed is not killed (the kill creates no "
         "triggering condition for it), and an ability that cannot be cancelled or a card that cannot be saved makes "
         "a cancel or save unable to change the game state.",
         "rules reference", _RR + ", \"Constant Abilities\" and \"Cannot\""),
    Rule("rulekit.trigger.player", "Who a triggering condition is about",
         "A trigger's \"player\" (you, opponent, any) is judged from the ability's controller against the player "
         "the condition is about: who draws or wins; for a card event, the card's controller — the new controller "
         "for a change of control, for the playing of a card the player who plays it (\"after an opponent plays an "
         "event\"), and for the initiation of an effect — which only cancels reference — the player who initiates "
         "it.", "rulekit", "rulekit",
         "Card texts name the player an occurrence is about (\"when an opponent initiates\"); for a card event that "
         "player is whoever controls the card or the ability, so one field says it for every kind of event."),
    Rule("agot.replacement", "Replacement effects (\"instead\")",
         "A replacement effect is initiated in a window but resolves in place of the original at step 5, once all "
         "interrupts to it have resolved; it does not end the interrupts to the condition, which still counts as "
         "having occurred, so reactions to it are still offered. When several apply, the most recently initiated "
         "one is used.", "rules reference", _RR + ", \"Replacement Effects\""),
    Rule("rulekit.replacement", "What a replacement does at step 5",
         "The instructions of the replacement take effect at step 5 in place of the original condition. Whether they "
         "create triggering conditions of their own is the ruling agot.replacement-triggers (default: they do not).",
         "rulekit", "rulekit",
         "The rules say the original condition counts as having occurred but not whether the replacing events open "
         "sequences; both readings are kept as the options of a ruling."),
    Rule("agot.abilities.zones", "Where a card's abilities work",
         "The abilities of characters, locations and attachments can be initiated, and affect the game, only while "
         "their card is in play — unless the ability says it is used from an out-of-play area (a scenario's "
         "\"zones\"), or it needs its card to be out of play to resolve: an ability whose effect does to the card "
         "itself what only a card out of play can undergo (\"After X is killed, put X into play\"), or a reaction to "
         "its own card going to an out-of-play area whose effect moves that card on from there (\"After X is killed, "
         "return X to your hand\": the FAQ (2.4) says such a reaction interacts with the card in the dead pile), "
         "works from the out-of-play areas. Event cards work from their owner's hand, as their card type says.",
         "rules reference", _RR + ", \"Abilities\""),
    Rule("agot.zones", "Out-of-play areas: discarding, returning, placing",
         "The hand, the deck, the discard pile and the dead pile are out-of-play areas. A card is discarded from "
         "play or from an out-of-play area such as a hand or a deck, and goes on top of its owner's discard pile; "
         "card text may return a card from a discard or dead pile to its owner's hand, and place a card on top or "
         "at the bottom of its owner's deck (\"shuffle it into your deck\" places it, then shuffles). Only a card "
         "that goes from play to an out-of-play area leaves play: one discarded from a deck, or returned from a "
         "discard pile, was never in play, so \"leaves play\" does not hear it. A card always goes to its owner's "
         "area, and a card that changes areas is a new object.", "rules reference",
         _RR + ", \"In Play and Out of Play\", \"Discard Pile\", \"Dead Pile\", \"Deck, Draw Deck\", \"Leaves Play\" "
         "and \"Ownership and Control\"; FAQ (1.5) \"Playing Events\" and the FAQ's errata, which place a card in play at the bottom of, or shuffle it into, its owner's deck"),
    Rule("agot.pillage", "Pillage",
         "Pillage is a challenge resolution keyword. After a player wins a challenge, once the reactions to winning "
         "and the claim are over (framework step 4.2.5), for each participating character with pillage that player "
         "controls, that player may discard the top card of the losing opponent's deck. Each instance is optional "
         "and used once; the player chooses the order in which they resolve. A character that left play no longer "
         "participates, and a pillage that could discard nothing (an empty deck) cannot be used.", "rules reference",
         _RR + ", \"Pillage\", \"Keywords\", \"Abilities\" and Appendix I, framework steps 4.2.2-4.2.6; the FAQ's "
         "questions \"Resolving Keywords\" and \"Processing Keywords\""),
    Rule("agot.event.played", "Playing an event",
         "An event card's abilities are used from its owner's hand. Once a player declares it, the card is committed "
         "to that play (it is not offered again while its costs are paid and its targets chosen); it is played when "
         "its effect is about to initiate — after costs and targets, before any cancel window — and leaves the hand "
         "then. While it is being played it is in no out-of-play area (neither in hand nor in the discard pile: a "
         "verdict says it is being played); it is placed in its owner's discard pile when its effects are over, "
         "before the reaction window that follows them. A cancelled event still counts as played, its costs stay "
         "paid and it is placed in the discard pile all the same; reactions to playing it follow its effect (or its "
         "cancel).",
         "rules reference", _RR + ", \"Initiating Abilities / Marshaling Cards\" (step 6), \"Event Cards\" and \"Cancel\"; "
         "A Game of Thrones: The Card Game (2nd ed.), FAQ, (1.5) \"Playing Events\""),
    Rule("agot.then", "\"Then\"",
         "The part of an effect after \"then\" resolves only if the part before it resolved in full, judged by what "
         "actually happened: every condition it was to create occurred — none was saved (a saved card is not "
         "considered killed or discarded), cancelled or otherwise pre-empted — and each did all it was asked "
         "(drawing 2 cards from a deck of 1 did not resolve in full). Whether a condition that was replaced "
         "(\"instead\") resolved in full is the ruling agot.then-after-replacement, and whether a search that found "
         "nothing did, the ruling agot.then-after-search. The two parts can be interrupted "
         "separately but share one reaction window after the whole effect resolves.",
         "rules reference", _RR + ", \"The word 'Then'\" and \"Save\"; FAQ (1.8), \"Interrupts and Reactions to "
         "Abilities with 'Then' Effects\" (the shared reaction window)"),
    Rule("agot.then.targets", "Targets after \"then\"",
         "The targets of the part of an effect after \"then\" are chosen after the effect has initiated: as that "
         "part begins to resolve, once the part before it has resolved in full (its interrupts included), among "
         "the cards valid then. They are not checked when the ability is initiated. If too few are valid then, "
         "that part fails to resolve — none of it, nor any part after it. A cancel answers the initiation of the "
         "whole effect, before these targets are chosen: the part after \"then\" has no initiation of its own.",
         "rules reference", _RR + ", \"Target\", \"The word 'Then'\", \"Cancel\" and \"Initiating Abilities / "
         "Marshaling Cards\" (steps 5 to 7); FAQ (1.8), \"Interrupts and Reactions to Abilities with 'Then' "
         "Effects\""),
    Rule("agot.limit", "Limits and maxima",
         "Every limit and maximum is counted for one player: one player's uses never count against another's. "
         "\"Limit N per phase/round\" counts a player's uses of one copy of the card; a card that leaves and "
         "re-enters play is a new copy, while a change of control keeps the copy (its new controller has a limit of "
         "their own). \"Max N per phase/round\" counts a player's initiations across all their copies of a title. A "
         "cancelled use still counts. A round begins when its plot phase begins, so \"per round\" counts start "
         "again there. \"Per challenge\" makes each challenge a period of its own, from its initiation to its "
         "end.", "rules reference",
         _RR + ", \"Limits and Maxima\" and \"Appendix I: Timing and Gameplay\" (Framework Event Details 1.1)"),
    Rule("agot.challenge", "Challenges",
         "A challenge is initiated by declaring its attackers, who kneel (a reaction to the initiation sees them "
         "attacking); then the defending player declares defenders, who kneel; then each side's STR — that of its "
         "participating characters — is compared: the higher total wins, a tie goes to the attacker, and a side "
         "with no participating character or 0 STR cannot win. Reactions to winning and losing follow the "
         "comparison, while the challenge is still under way; the attacker wins unopposed if the defending side "
         "counted 0 STR. When the challenge ends no character participates any more. A character that leaves play "
         "no longer participates.", "rules reference",
         _RR + ", \"Appendix I: Timing and Gameplay\" (framework steps 4.2-4.2.6), \"Attacker, Attacking "
         "Character, Attacking Player\", \"Defender, Defending Character, Defending Player\", \"Participating\", "
         "\"Winning a Challenge\", \"Unopposed, Unopposed Challenge\" and \"Strength, Strength Modifiers\""),
    Rule("agot.lasting", "Lasting effects",
         "An effect \"until the end of the challenge\" (or of the phase) keeps changing the game after the ability "
         "that created it has resolved, whether or not its card stays in play, and expires as soon as that "
         "timing point is reached. One that would begin after the end it names expires at once, changing nothing.",
         "rules reference", _RR + ", \"Lasting Effects\""),
    Rule("agot.challenge-history", "The challenges so far",
         "A condition may count the challenges a player has won, lost or initiated this round or this phase "
         "(\"if you have not lost a challenge this round\"): a challenge is won or lost when STR is compared, and a "
         "challenge no one won is neither.", "rules reference",
         _RR + ", \"Winning a Challenge\" and \"Appendix I: Timing and Gameplay\" (framework step 4.2.2)"),
    Rule("agot.chance", "At random, searching and shuffling a deck",
         "Cards taken \"at random\" (discarded from a hand at random, as intrigue claim does) are chosen by no "
         "player: the game picks them, a chance decision (rulekit.chance); each card taken is then affected in a "
         "triggering condition of its own. A search lets its player look at the searched cards and take one that "
         "fits, or none (rule agot.search); a search of a whole deck ends with that deck "
         "shuffled, and which cards a shuffle leaves on top is a chance decision too, the cards beneath keeping "
         "their order. Shuffling is no triggering condition; a deck of 0 or 1 card is not changed by it.",
         "rules reference", _RR + ", \"Intrigue Claim\" and \"Search\""),
    Rule("agot.search", "Searching",
         "A player who searches looks at the searched cards without showing them, and may put one that fits where "
         "the search says — or find nothing, even where a card fits. A search chooses nothing, so it has no target: "
         "it is not chosen before the effect initiates, and \"no legal target\" never keeps it from being "
         "initiated; the card is found as the search resolves. Whether a search could change the game state where "
         "no card fits is the ruling agot.search-potential, and whether one that found nothing resolved in full, "
         "for a \"then\" after it, the ruling agot.then-after-search.", "rules reference",
         _RR + ", \"Search\", \"Target\" and \"Choose\"; FAQ, Definitions and Terms, \"Choose\" (without the "
         "word \"choose\" an ability does not target)"),
    Rule("agot.delayed", "Delayed effects",
         "A delayed effect is set up by one effect to resolve at a later timing point; it resolves automatically, "
         "before the reactions to that timing point are offered, and once. It is not a new triggered ability, even "
         "when a triggered ability set it up: it does not initiate again, so there is no initiation for a cancel "
         "to respond to. What it would do to a card expires once that card leaves play (it may come back, "
         "but as a new card).", "rules reference", _RR + ", \"Delayed Effects\" and \"Leaves Play\""),
    Rule("agot.choose.order", "Several players choose",
         "When an effect asks several players to make choices (\"each player chooses\", \"each opponent "
         "chooses\"), the first player chooses first, then the others in player order, each choice made in the open "
         "and known to the next chooser; the effect then resolves for all of them at once. The card names who "
         "chooses: otherwise the ability's controller chooses all its targets.", "rules reference",
         _RR + ", \"Priority of Simultaneous Resolution\", \"Target\" and \"Player Order\""),
    Rule("agot.choose.resolving", "Cards picked as an effect resolves",
         "Cards an effect takes from a hand or a deck without \"choose\" (\"discard 1 card from your hand\", "
         "\"each player discards 1 card from his or her hand\") are no targets, so they are not chosen with the "
         "targets before the effect initiates: each player picks them as that instruction resolves, among the "
         "cards there at that moment — an event being played has left its owner's hand by then. Several players "
         "pick in player order from the first player, and the instruction resolves for all at once.",
         "rules reference", _RR + ", \"Initiating Abilities / Marshaling Cards\" (step 5: targets only), "
         "\"Effects\" and \"Priority of Simultaneous Resolution\"; FAQ, Definitions and Terms, \"Choose\", and "
         "(1.5) \"Playing Events\""),
    Rule("agot.choose.several", "Choosing several targets",
         "\"Choose 2 characters\" asks its chooser for two different cards, one choice after the other, and the "
         "effect resolves on both at once. An ability whose controller must choose more targets than there are "
         "eligible cards cannot be initiated; if, by the time targets are chosen, too few are left, no choice is "
         "made and that part of the effect resolves unsuccessfully. Cards an effect picks from a hand or a deck "
         "without \"choose\" (\"discard 2 cards from your hand\") are no targets: it takes as many as there are.",
         "rules reference", _RR + ", \"Choose\", \"Target\" and \"Effects\"; FAQ, (3.3) \"Player Choices While "
         "Initiating Abilities\", and the FAQ's definition of \"Choose\""),
    Rule("agot.factions", "Factions and the faction card",
         "A card belongs to one of the eight factions (Baratheon, Greyjoy, Lannister, Martell, the Night's Watch, "
         "Stark, Targaryen, Tyrell) or to none, and is then neutral. Each player's faction card is in play, among "
         "the cards that player controls, and it cannot leave play; power can be gained on it like on any card in "
         "play (\"gain 1 power on your faction card\").", "rules reference",
         _RR + ", \"Faction, Faction Cards\", \"Neutral\", \"In Play and Out of Play\" and \"Gains\""),
    Rule("agot.filters", "Unique, 'or' and numbers in card filters",
         "A unique card has the unique symbol before its title. \"A Knight or Lord character\" is a character with "
         "either trait. A character's STR is the number in its shield: \"STR 3 or lower\" bounds it, \"lower STR "
         "than X\" compares it with X's, and \"the lowest STR character\" is any of those the text finds whose STR "
         "none of the others goes below (its chooser picks among the tied). Only characters have STR.",
         "rules reference", _RR + ", \"Unique Cards\", \"Traits\" and \"Strength, Strength Modifiers\""),
    Rule("agot.power", "Power: moved, discarded, counted",
         "Power moved from one card to another is not gained (\"after … gains power\" does not hear it); moved to a "
         "card another player controls, it counts for that player. Discarded power goes back to the treasury. An "
         "effect moves or discards as much as the card has, and a card without power cannot be the target (the "
         "effect could not change the game state). A player's power total is the power on the cards they control.",
         "rules reference", _RR + ", \"Moving Power\", \"Power\" and \"Initiating Abilities / Marshaling Cards\"; FAQ (1.4), "
         "\"Control of Tokens\""),
    Rule("agot.dominance", "Winning dominance",
         "In the dominance phase each player totals the STR of their standing characters plus their gold; the "
         "highest total wins dominance and gains 1 power for their faction, and a tie means nobody wins. rulekit "
         "takes who wins from the script; the winner's faction card gains its 1 power in the same occurrence, so "
         "\"After you win dominance\" and \"after your faction card gains power\" share one reaction window.",
         "rules reference", _RR + ", \"Dominance Phase\" and \"Appendix I: Timing and Gameplay\" (5.2)"),
    Rule("agot.attachment", "Attachments",
         "An attachment in play is attached to another card (a file's attached_to: a character, or a location where "
         "its text allows it); \"attached character\" in its text is that card (a filter's which: attached). It "
         "stands and kneels on its own and stays under its controller's control. When the card it is attached to "
         "leaves play, the attachment leaves play at the same moment: back to its owner's hand, or, if it is "
         "terminal, discarded from play — a new object either way. That move is part of the occurrence in which its "
         "card left play: it occurs at step 5 with it and shares its reaction window (\"after an attachment is "
         "returned to its owner's hand\"), but it was never imminent on its own, so nothing interrupts it; and the "
         "attachment is out of play by then, so its own reactions to its card leaving play are not offered (its "
         "interrupts are, while it is still in play). If the card is saved, nothing leaves play and the attachment "
         "stays. An attachment enters play attached to a card; rulekit does not model choosing that card, so it "
         "puts no attachment into play.",
         "rules reference", _RR + ", \"Attachment Cards\", \"Terminal\", \"Leaves Play\" and \"Abilities\""),
    Rule("agot.gold", "Gold",
         "Each player has a gold pool (a file's pools; empty unless it says otherwise). Gaining gold adds it to the "
         "pool (\"gain 2 gold\": add, resource gold); paying gold is a cost that returns it to the treasury "
         "(\"pay 1 gold to …\": pay, resource gold), paid by the ability's controller from their own pool, before "
         "targets are chosen. An ability whose gold cost the pool cannot pay in full is not offered. Gaining and "
         "paying gold are events about the player (adds, pays), with their own sequences, so abilities can respond "
         "to them (\"after an opponent gains gold\").",
         "rules reference", _RR + ", \"Gold\", \"Gains\", \"Treasury\", \"Costs\", \"Abilities\" and "
         "\"Initiating Abilities / Marshaling Cards\""),
    Rule("rulekit.incarnation", "New objects",
         "A card that changes zones becomes a new object (its object id gains @n); abilities, uses and limits "
         "follow the object, so a card that leaves play and returns is a new copy.", "rulekit", "rulekit",
         "The Rules Reference treats a card that leaves play as a new copy when it returns; every other zone "
         "change has no lasting memory in A Game of Thrones either, so rulekit makes every zone change a new "
         "object, which keeps the rule simple and never merges two copies."),
)
