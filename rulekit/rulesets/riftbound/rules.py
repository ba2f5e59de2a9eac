"""Riftbound's entries in the rules registry (ids ``rb.*``), with their sources.

The entries follow the Riftbound Core Rules last updated 2026-03-30 (:data:`CORE_RULES`); rule
numbers are that version's. Every text is rulekit's own words; "rules text" entries say what the
rules text rulekit teaches says, and cite it.
"""
from __future__ import annotations

from rulekit.core.rules import Rule

_RBT = "Riftbound, rules text \"Trigger Conditions and Source Changes\""
CORE_RULES = "Riftbound Core Rules, last updated 2026-03-30"

RULES: tuple[Rule, ...] = (
    Rule("rb.occurs", "Events are processed at once",
         "Riftbound has no interrupt windows: an event is processed, then the triggers it meets are evaluated.",
         "rules reference", CORE_RULES + ", 383.2.c"),
    Rule("rb.trigger-condition", "A condition written with the trigger condition",
         "A condition written right after the trigger condition belongs to it: it is checked once, when the event "
         "is evaluated, and not again when the ability resolves. Sona's end-of-turn ability needs her at a "
         "battlefield then; once the ability exists, moving her or removing her in response does not stop its "
         "instructions.", "rules text", _RBT),
    Rule("rb.effect-condition", "A condition inside the effect",
         "A condition written inside the effect is checked when that instruction runs. Loose Cannon's hand-size "
         "check happens as the draw instruction runs, so draws or discards in between can change the answer.",
         "rules text", _RBT),
    Rule("rb.nth", "Numbered occurrences",
         "A trigger on the first (second, Nth) occurrence watches for that one occurrence. When several qualifying "
         "events happen together at that point, the ability's controller picks one of them as its triggering "
         "event and the ability triggers once — a simultaneous group is not several chances. Whether an earlier "
         "event of the turn met the condition was settled when that event was evaluated: a location the condition "
         "reads (\"here\"; \"I conquer\": the battlefield I am at) is where the card was then, however it has moved "
         "since; and \"I\" is this object — a card that left the board and came back is a new object, for which "
         "nothing before it came was \"I\" or \"here\".",
         "rules text", _RBT + "; " + CORE_RULES + ", 383.1.b, 383.2.c, 359.3.f.3 and 359.3.e.4"),
    Rule("rulekit.rb.nth-count", "What a numbered trigger counts",
         "\"The Nth time … each turn\" counts every qualifying event of the turn — including those before its card "
         "entered the board, with \"friendly\" judged for the card's controller — so a watcher that enters late, or "
         "leaves and returns as a new object, does not trigger once the Nth event of the turn has passed. A "
         "condition about the card itself or where it is (\"I conquer\", \"a unit moves here\") counts only what "
         "met it when evaluated, for this object, under either option. Counts start again each turn. (Ruling "
         "rb.nth-count; the other option counts only the events the card saw.)",
         "rulekit", _RBT,
         "The rules text speaks of \"the first qualifying death event for the turn\": an event of the turn, not an "
         "observation of the card. The Core Rules do not say whether a card that was not on the board counts the "
         "events before it arrived (383.1.b covers only several qualifying events at once)."),
    Rule("rb.turn", "On your turn, on an opponent's turn",
         "A turn qualifier written with the trigger condition (\"when a friendly unit dies on an opponent's "
         "turn\") is part of that condition: it is judged when the event is evaluated, from the ability's "
         "controller — the turn player must be that player (\"your turn\") or one of their opponents — and an "
         "event on the other turns does not fulfil it. It is not checked again when the item resolves.",
         "rules reference", CORE_RULES + ", 383.2.a, 383.2.c and 383.3.e"),
    Rule("rb.zones", "Where an ability works",
         "A permanent's triggered abilities (a unit's or a gear's) work while it is on the board; runes, legends "
         "and battlefields are not permanents. An ability that works somewhere else says where.", "rules text",
         _RBT),
    Rule("rb.evaluate-after", "Triggers are evaluated after the event",
         "Ordinary triggers are checked once the event has been processed: a card that arrived where its ability "
         "works in that same event can trigger; one that left in that same event normally cannot see it.",
         "rules text", _RBT),
    Rule("rb.deathknell", "Deathknell",
         "Own-death abilities such as Deathknell have their separate pre-departure capture procedure: the item is "
         "created before the card moves, with its controller, location and Might as on the board; a condition or "
         "effect that asks where the card was, or what it was, reads that note, not the trash. A death that is "
         "replaced is no death: its Deathknell does not trigger. Each instance triggers separately and its "
         "controller orders them. Its item is added to the Chain as the card is about to move — in a cleanup at "
         "step 3a, before the units die at 3b — so every Deathknell of a group of deaths goes on before the items "
         "of the abilities that see those deaths, whoever controls them, and is finalized first.",
         "rules reference", _RBT + "; " + CORE_RULES + ", 323.4, 323.5, 337.1.b, 383.2.c, 428.1.a.1.b, 808.1.d, "
         "808.1.d.2 and 808.2"),
    Rule("rb.granted", "Granted and removed abilities",
         "A granted trigger counts only if the unit has it when the event is evaluated; gaining it later does not "
         "reach back to an earlier event. Once the ability has been created, removing the granted text does not "
         "take the ability off the Chain.", "rules text", _RBT),
    Rule("rb.control", "Who controls a created ability",
         "A created ability starts under its source's controller (its owner when the source is off the board); "
         "handing the source to another player afterwards does not hand over the ability.",
         "rules text", _RBT),
    Rule("rb.source-info", "What an item reads when it resolves",
         "\"Friendly\" and \"enemy\" are judged from the ability's controller as each instruction runs; keeping "
         "the ability does not freeze its source's Might or location; information about an object that is gone "
         "is null, and a calculation that needs it does nothing.",
         "rules text", _RBT + "; " + CORE_RULES + ", 359.3.e.12 and 359.3.f.4"),
    Rule("rb.simultaneous", "Simultaneous triggers",
         "Each player orders their own triggered abilities that trigger at the same moment; the turn player's go "
         "on the Chain first, then in turn order. Only abilities triggered at the same moment are ordered so: an "
         "item added while an effect resolves goes on before one added in the cleanup after it, and a Deathknell, "
         "added before its card moves, before the abilities that see the death. A combat's attack and defend "
         "triggers follow their own order (the attacking player's first).",
         "rules reference", CORE_RULES + ", 383.3.d, 383.3.d.1, 401.1-401.2, 459.2.d.1 and 808.1.d.2"),
    Rule("rb.chain.finalize", "Pending and finalized items",
         "Items are added as pending and finalized in the order added; targets are chosen at finalization — as "
         "many as the text names (\"exhaust two enemy units\": two different units), or the item cannot be "
         "played or is removed — and a triggered ability's cost is paid then; finalizing does not pass priority.",
         "rules reference", CORE_RULES + ", 337.1.a-337.1.b, 355.5, 355.8 and 401-406"),
    Rule("rb.trigger-cost", "The cost of a triggered ability",
         "A cost written in a triggered ability's instructions (\"exhaust me to draw 1\") is its base cost. It is "
         "paid when the item is finalized, after its targets are chosen — not when it resolves — and the events "
         "of paying it can trigger abilities. Its controller may decline to pay; an item whose cost is declined "
         "or cannot be paid is removed from the Chain, never becomes a Chain Item and does not resolve (it is not "
         "countered).", "rules reference", CORE_RULES + ", 383.3.b, 403.1.b.1 and 404.1-404.2.a"),
    Rule("rb.targets", "Legal targets",
         "A target is legal if it is where the text looks (a unit or gear on the board unless the text names "
         "another zone), meets every targeting restriction and is not the spell or ability itself. Riftbound has "
         "no test that the effect could change the game state: a ready unit can be chosen for \"ready a friendly "
         "unit\"; when the instruction is executed, what is impossible is ignored and the rest is done.",
         "rules reference", CORE_RULES + ", 355.9, 055 and 055.1"),
    Rule("rb.chain", "The Chain and priority",
         "Once no item is pending, the controller of the newest item has priority; a player with priority may add "
         "items or pass to the next player in turn order; when all players pass in a row, the newest item "
         "resolves; then the controller of the new newest item receives priority.", "rules reference",
         CORE_RULES + ", 312.2, 337.1.c.3, 339 and 340"),
    Rule("rb.resolve", "Resolving an item", "An item's instructions execute in order; each event they make is "
         "processed at once and its triggers evaluated: their items are added to the Chain then, and are "
         "finalized once the item has resolved, before those added in the cleanup after it.",
         "rules reference", CORE_RULES + ", 157.3, 340.1 and 401.2"),
    Rule("rb.cleanup", "Cleanup",
         "A change of the game (damage dealt, Might changed, a card entering or leaving the board, a move, an "
         "item added to or removed from the Chain) calls for a cleanup. None happens while an item resolves: "
         "the one its events call for follows once it has resolved. Otherwise it follows the change, once its "
         "triggers are evaluated, before any item is finalized or resolves and before anyone gets priority. In "
         "it the units with nonzero damage equal to or above their Might die together, their Deathknells noted "
         "as they were; if that changes the game, another cleanup follows, until one changes nothing. A death "
         "replaced by what changes nothing (\"If I would die, exhaust me instead\" on a unit already exhausted) "
         "changes nothing: no other cleanup follows, and the unit stays with its lethal damage; in each later "
         "cleanup its death is a new event, which the replacement may replace again. Only this step of a cleanup "
         "is modelled.",
         "rules reference", CORE_RULES + ", 319, 319.6, 319.7, 319.8, 320, 321, 321.1, 322, 323.4, 323.5, 370.2 "
         "and 414.1.c"),
    Rule("rb.effect-nothing", "Nothing to change", "An instruction with nothing to change does nothing; the "
         "rest of the item is still done.", "rules reference", CORE_RULES + ", 055, 055.1 and 359.3.e.6"),
    Rule("rb.replacement", "Replacement effects",
         "A replaced event does not happen: a replaced death is no death, so neither Deathknell nor any \"when … "
         "dies\" trigger sees one. The events that replace it do happen, processed with the rest of the "
         "occurrence, and can trigger abilities (a gear killed instead of the unit triggers its own Deathknell). "
         "(Ruling rb.replacement-triggers; the other option lets the replacing events trigger nothing.)",
         "rules reference", CORE_RULES + ", 369-373 and 808.1.d.1"),
    Rule("rb.each-chooses", "Each player chooses",
         "Cards each player (or each opponent) chooses — \"each player kills a unit they control\" — are not "
         "targets: every chooser, the controller included, chooses as the item resolves, in turn order from the "
         "turn player, among what the text lets them choose, as many as they can; the instruction then acts on "
         "every card chosen. Such an item is not removed at finalization for want of them.", "rules reference",
         CORE_RULES + ", 355.10.e, 355.17, 303.2.a, 055 and 359.3.e.11"),
    Rule("rb.hidden-choice", "Cards chosen in a hand or a deck",
         "A card in a zone whose information is not public — a hand, a Main Deck — is no target. So it is not "
         "chosen when the item is finalized, with the targets: the item's controller chooses it as the instruction "
         "executes, among the cards there then (the cards a \"look at the top 3\" shows are those on top as it "
         "resolves), as many as there are up to the number the text names. The item is never removed, nor a "
         "spell or ability kept from being played, for want of such cards; with none there, the instruction does "
         "nothing.", "rules reference",
         CORE_RULES + ", 355.10.a, 355.10.a.1, 355.17, 359.3.e.11, 359.3.e.12 (its example), 402.3, 419.3.c, 422.1.a, "
         "422.4 and 424.4.a"),
    Rule("rb.no-target", "No legal target at finalization",
         "A triggered ability whose choices cannot be made when it is finalized — no legal target, or fewer than "
         "the targets it names — is removed from the Chain: it never becomes a Chain Item, nobody receives "
         "priority for it and it does not resolve. An \"up to N\" choice can always be made (zero targets).",
         "rules reference", CORE_RULES + ", 402.3, 355.8 and 355.13"),
    Rule("rb.new-object", "New objects and temporary changes",
         "A card that changes zones to or from a non-board zone is a new object: a spell or ability that chose the "
         "old object no longer has that target, and every temporary change (damage, buffs, granted abilities) "
         "ends, so off the board and back it has its printed Might and abilities.", "rules reference",
         CORE_RULES + ", 110 and 359.3.e.2-5"),
    Rule("rb.reaction", "The Reaction permission",
         "While a Chain exists (a Closed State) only cards and abilities with Reaction can be played or activated; "
         "a spell or ability without it (timing \"action\") is played only when no Chain exists.",
         "rules reference", CORE_RULES + ", 309.1.a and 338.1.a"),
    Rule("rb.tokens", "Tokens",
         "An effect may play a token: it is created directly where the effect says — its controller's base by "
         "default, a battlefield, or \"here\", the location of the ability's card read as the instruction "
         "executes (a Deathknell's: where its unit died; if the card is at no location on the board, the "
         "instruction is ignored) — under the control of the effect's controller, and a unit token enters "
         "exhausted like any unit; a token put into a non-board zone other than the Chain ceases to exist. A "
         "token so made is played, by its owner — the effect's controller: \"When you play a unit\" sees it, since "
         "a token unit is a unit. It is no card, though (\"card\" in card text is a Main Deck card): \"When you "
         "play a card\" does not see it, and it does not satisfy Legion's \"another card\".", "rules reference",
         CORE_RULES + ", 052, 133.3, 177-184, 182.1.a, 350.2, 359.2.c, 359.3.e.12, 359.3.f.1-2, 428.1.a.1.b, 439.2 "
         "and 812.1.b.1"),
    Rule("rb.play-spell", "Playing a spell is playing a card",
         "A spell played with priority is played only when its play is complete: once it has resolved — even if "
         "none of its instructions could be followed — it goes to its owner's trash and is played then. Abilities "
         "that trigger when a card is played (\"When you play a spell\", \"your second card this turn\") "
         "trigger then, their items added after those its own instructions triggered, and it counts among the "
         "cards its player has played this turn. A spell that leaves the Chain before it is finalized was never "
         "played; neither is a countered one (countering is not modelled). \"You\" is the player who played it "
         "(ruling rb.played-by).", "rules reference",
         CORE_RULES + ", 350.1, 359.3.d, 359.3.e.10, 411.4, 419.1, 419.4.a, 419.4.b and 425.1.b"),
    Rule("rb.play-effect", "A card an effect plays",
         "An effect may play a card — \"play me from your trash\", \"play a unit from your hand to your base\", "
         "\"play it here\": the effect's controller plays it, as an action the effect instructs (it needs no priority "
         "and no Reaction), and controls it. The card leaves the zone it is in for the Chain, a pending item; once "
         "the rest of the resolving effect is done it is finalized in the order it was added, and its Cost is paid "
         "from its player's Rune Pool, less what the effect ignores (\"ignoring its cost\": Energy and Power; "
         "\"ignoring its Energy cost\": the Energy only). A Cost that cannot be paid undoes the play: the card goes "
         "back where it was. A unit or gear then resolves at once and enters the board as a new object where the "
         "effect says — its player's base by default, a battlefield, or \"here\" as the instruction read it (a "
         "Deathknell's: where its unit died) — a unit exhausted; a spell waits on the Chain and resolves like any "
         "spell. The card is played when that is done, so \"When you play …\" and Legion see it: it is a card, "
         "unlike a token. A card no longer where the effect looks for it is not played, and nothing happens. "
         "(Whether a triggered ability's \"pay [1] to play me\" replaces the card's Cost is ruling rb.pay-to-play.)",
         "rules reference",
         CORE_RULES + ", 052, 148.1.a.1, 188.1, 312.1.b.1, 337.1.b, 337.1.c, 350.1, 354.1-354.3, 355.2.b, "
         "356.1.b.1-356.1.b.2, 357.1, 358.4, 359.2.c, 359.3, 359.3.f.1-359.3.f.2, 419.3.a-419.3.c, 419.4.a and "
         "806.4.b"),
    Rule("rb.ability-control", "Control of an ability itself",
         "An effect can change the control of an ability on the Chain, which is a different change from the "
         "control of its source; friendly and enemy are then judged from the new controller when its "
         "instructions execute.", "rules reference", CORE_RULES + ", 188.4 and 359.3.f.4"),
    Rule("rb.chance", "At random, and shuffling a Main Deck",
         "Discarding normally lets the discarding player choose the cards, and a discard in an effect discards "
         "as many as it can; card text supersedes the rules, so a card that says \"at random\" takes the choice "
         "from every player: the game picks the cards (a chance decision). Each card it takes is an event of its "
         "own, and abilities that trigger on it (\"when you discard a card\") are evaluated after it. A Main "
         "Deck's order is secret information: after a shuffle no player knows it, so which cards end on top is a "
         "chance decision too; drawing then takes the top card. Shuffling makes no event of its own. Looking at "
         "the top cards of one's own Main Deck is not chance: which cards are there is the board's, and which "
         "of them to take is the player's choice, made as the item is finalized.",
         "rules reference",
         CORE_RULES + ", 002, 103.2.e, 103.2.e.1, 108.4.d, 115, 128.3, 128.4, 383.2.c, 402.1, 413.1.a, 416.5, "
         "422.1.a, 422.1.b and 422.4"),
    Rule("rb.play", "Playing a unit or gear",
         "A unit or gear is a permanent: once played it becomes a game object on the board, not an item that "
         "waits on the Chain. A unit enters exhausted at the location chosen for it, its controller's base by "
         "default; a gear enters ready at its player's base. Coming from the hand it is a new object. Its Play "
         "Effect (\"When you play me\", \"When you play this\") and other cards' abilities that trigger when a "
         "unit or gear is played are evaluated after it has entered the board, so it can trigger its own; an "
         "ability about another object being played is not a Play Effect, and \"another\" excludes the card "
         "itself.", "rules reference",
         CORE_RULES + ", 110, 337.1.c, 350.1, 351.1, 355.2.a, 359.2.c, 359.2.d, 383.2.c.1, 383.4.a.2 and 383.4.a.4"),
    Rule("rb.battlefields", "Several battlefields, each a location; \"here\"",
         "The battlefield zone holds several battlefields, and each battlefield is a location of its own, as each "
         "player's base is. A permanent at a battlefield is at one of them; \"here\" on a unit or gear is the "
         "location its card is at, read when the instruction executes, and on a battlefield it is that "
         "battlefield. A move takes a unit from one location on the board to another (a base, or another "
         "battlefield) and it stays the same object. A battlefield is controlled by a player or by no one.",
         "rules reference", CORE_RULES + ", 053.3, 107.1.b, 107.2.a, 107.2.b, 187.2, 359.3.f.2, 441.1 and 442"),
    Rule("rb.conquer", "Conquer",
         "A player conquers a battlefield when they gain control of one they have not scored this turn — at the "
         "end of a showdown or combat, when they are the only player with units there. Establishing control of a "
         "battlefield they already scored this turn only changes its control; a player who already controls it "
         "gains nothing. A conquer is an event about the battlefield, by the player who conquered: \"When I "
         "conquer\" triggers for a unit at that battlefield whose controller conquered, \"When you conquer\" for "
         "anything its controller conquered with, and a battlefield's \"When you conquer here\" at the battlefield "
         "conquered. Points are not counted.", "rules reference",
         CORE_RULES + ", 348.2.a.1, 383.4.c, 461.5.d, 464.1, 465 and 466.2.a"),
    Rule("rb.hold", "Hold",
         "In the Scoring Step of the Beginning Phase, after the effects at its start, the turn player holds every "
         "battlefield they control and have not scored this turn. A hold is an event about the battlefield, by the "
         "player who held: \"When I hold\" triggers for a unit at that battlefield, \"When you hold\" for anything "
         "its controller held with, a battlefield's \"When you hold here\" at the battlefield held. A player "
         "scores each battlefield at most once a turn, by hold or by conquer.", "rules reference",
         CORE_RULES + ", 315.2.a, 315.2.b.2, 383.4.d, 464.2, 465 and 466.2.b"),
    Rule("rb.combat", "Combat, as far as card texts refer to it",
         "A combat at a battlefield opens with a showdown: the attacker's units there gain the Attacker "
         "designation and the defender's the Defender designation, which triggers \"When I attack\" and \"When I "
         "defend\" (the attacking player places theirs on the Chain first, then the players who are not the "
         "defender in turn order, the defending player last — whoever's turn it is). When the showdown ends, if "
         "both sides remain, each side deals damage equal to its units' total Might, assigned lethal-first, all at "
         "once; the combat cleanup then kills the units with lethal damage, heals every unit and recalls the attackers if defenders remain. If "
         "only one player has units left there, that player establishes control (a conquer if they gain it and "
         "have not scored it this turn); with none left it becomes uncontrolled. Then combat ends and the "
         "designations are removed; until then \"if I'm attacking\", \"if I'm defending\" and \"in combat\" "
         "read them.", "rules reference",
         CORE_RULES + ", 383.4.e, 383.4.f, 459.2.b, 459.2.d.1, 460.1, 460.2, 461.1.a, 461.3, 461.5 and 461.7"),
    Rule("rb.resolution-step", "No Chain item resolves inside the Combat Cleanup",
         "Once combat damage is dealt, play goes straight on to the Resolution Step, with no finalizing or "
         "resolving of the items it triggered. Items triggered by combat damage and in the Combat Cleanup (a "
         "Deathknell of a unit that died in combat) and by the conquer are added to the Chain as pending items "
         "and wait: while a cleanup goes on no item is finalized or resolves and no one gets priority. The "
         "cleanup kills the units with lethal damage, heals every unit and recalls the attackers if defenders "
         "remain before any of them resolves, so a unit that survived the combat damage is healed before a "
         "Deathknell's damage reaches it. The waiting items are then finalized in the order they were added "
         "(the turn player's first among those triggered at the same moment) and the controller of the newest "
         "one has priority. When: after each task of the step (the cleanup; establishing control), or only once "
         "combat has ended — the ruling rb.resolution-step.", "rules reference",
         CORE_RULES + ", 320, 320.1, 323.4, 335.1-335.3, 337.1.b, 383.3.d.1, 460.3, 461.1.a and 461.2-461.7"),
    Rule("rb.showdown", "A showdown and Focus",
         "In a showdown the player with Focus has priority and may play a card or ability with Action or Reaction, "
         "which starts a Chain, or pass. Focus passes to the next player in turn order when its holder passes, or "
         "when the Chain its holder started is gone — not when a Chain that triggered abilities started is gone. "
         "The attacker has Focus first. When every player has passed in sequence, the showdown ends.",
         "rules reference", CORE_RULES + ", 308.1.a, 312.2.b, 313.2, 345, 346, 346.1, 347, 348.1 and 459.2.g"),
    Rule("rb.optional", "\"You may\"",
         "A triggered ability whose effect begins with \"you may\" is decided by its controller when its trigger "
         "condition is fulfilled: declining means it is never placed on the Chain (no item, no priority), and a "
         "once-each-turn ability that was declined has not triggered this turn. (Ruling rb.optional; the earlier "
         "reading decides at resolution.)", "rules reference", CORE_RULES + ", 383.3.a and 383.3.f"),
    Rule("rb.this-turn", "\"This turn\" Might changes",
         "\"Give a unit +2 Might this turn\" (or -3) changes its Might at once and lasts until the end of the "
         "turn: in the Ending Phase's Expiration Step every unit is healed and every \"this turn\" effect expires "
         "at the same moment. A Might change with no duration lasts while the unit is on the board. Off the board "
         "a card is a new object with none of these changes.",
         "rules reference", CORE_RULES + ", 110, 143.3.b.1, 317.2, 317.2.b, 317.2.c and 710"),
    Rule("rb.might", "Might and lethal damage",
         "A unit is killed when it has damage marked that is not zero and is equal to or greater than its Might; "
         "that is checked in each cleanup (rb.cleanup): after an item resolves, and after any other change while no item resolves. A Might reduction can make damage already "
         "marked lethal; a unit with 0 Might, or less, and no damage is not killed. A Might below 0 counts as 0 "
         "when an effect reads it, but the value itself is kept for further increases and decreases.",
         "rules reference", CORE_RULES + ", 143.2.a, 143.2.b, 143.2.b.1 and 323.5"),
    Rule("rb.buffs", "Buffs",
         "A buff is a counter on a unit that gives it +1 Might, and a unit has at most one: buffing a unit that "
         "has one places nothing, so nothing happens (nothing triggers), though the unit may still be chosen. "
         "Spending a buff removes it and its +1; a unit without a buff cannot spend one, so a cost \"spend my "
         "buff\" cannot be paid. A unit is buffed while its buff is on it; when it leaves the board its buff is "
         "gone (a new object).",
         "rules reference", CORE_RULES + ", 426.1.b, 426.1.b.1, 426.1.c, 702.2.a, 702.2.b, 702.2.b.1, 702.3, "
         "702.3.a, 703, 704, 705 and 742.1.b"),
    Rule("rb.keywords", "Keywords",
         "Temporary is a triggered keyword: at the start of its permanent's controller's Beginning Phase, before "
         "scoring, kill it (once however many instances). Legion is a dependent keyword: its text is active only "
         "if its controller has played another card this turn — a token is no card — and inactive text does not "
         "trigger; one card played activates every Legion of that player. A spell counts from the moment it is "
         "finalized on the Chain (ruling rb.legion-counts). Other keywords (Tank, Deflect, Hidden, …) are "
         "characteristics effects may check; their own rules are not run here.",
         "rules reference", CORE_RULES + ", 052, 182, 721.2, 727.1.c.1.a, 801.3, 812.1.b.1, 812.1.c, 812.2, 816.1.b, "
         "816.1.c and 816.2.a"),
    Rule("rb.resources", "Runes, Energy and Power",
         "Runes produce the resources that pay costs: Energy pays a cost's numeral, Power of a domain pays that "
         "domain's symbols, universal Power any domain's. What a card or ability Adds goes to its controller's Rune "
         "Pool; an ability that Adds resolves as soon as it is finalized and priority does not pass. A card's Cost "
         "and an ability's Energy or Power cost are paid from the pool as the item is finalized, in full or not at "
         "all; while they cannot be paid the card or ability is not offered, and a permanent the script plays is "
         "not played. Every Rune Pool empties at the end of each draw phase and of each turn: what is unspent is "
         "lost.", "rules reference",
         CORE_RULES + ", 131, 135.2.e.5, 161-167, 357.1, 400.2, 410.1.b.2, 419.2.a, 429.1-429.2.a, 315.4.d and "
         "317.2.d"),
    Rule("rb.channel-recycle", "Channeling and recycling runes",
         "Channeling takes runes from the top of a player's Rune Deck and puts them on the board, ready, at that "
         "player's base; recycling puts a rune on the bottom of its owner's Rune Deck (other cards: the bottom of "
         "the Main Deck). Each rune channeled or recycled is an event of its own, so \"When you channel a rune\" "
         "triggers once for each; a rune that comes from the Rune Deck is a new object.",
         "rules reference", CORE_RULES + ", 107.1.c, 110, 160.2.b, 416.1, 416.5.a, 430.1-430.4 and 411.4"),
    Rule("rb.recall", "A recall is not a move",
         "A recall puts a permanent back in its controller's base from wherever it is on the board, and it is "
         "not a move: abilities that trigger when something moves do not trigger. The permanent stays the same "
         "object and keeps its damage, its exhausted state and its buff unless the recall says otherwise. "
         "Combat recalls attacking units this way when defending units remain; like any recall, that is an event "
         "an ability can trigger on (\"when a friendly unit is recalled\").",
         "rules reference", CORE_RULES + ", 383.1, 441.1, 449-450, 451, 451.1, 453.1 and 461.1.a.2"),
    Rule("rb.standing-replacement", "Replacements from any source, ordered together",
         "A replacement printed on a card (\"If a friendly unit would die, kill this instead\") is a passive "
         "ability: while its card is where it works it applies to every event that qualifies, not only the next "
         "one. A spell or ability can make one for a while (\"Choose a friendly unit. The next time it would die "
         "this turn, recall it instead\"): it waits for that object's next death, and expires with the turn if "
         "it says so. The replaced event does not happen; what the replacement says happens instead does, and can "
         "itself be replaced by another replacement — but each replacement applies only once to an event and to "
         "the events that replace it, and one that no longer applies to what is left is not applied. When several "
         "apply to one event, whatever made them, the owner of the object acted on — not its controller — chooses "
         "which applies first (ruling rb.replacement-chooser: a later text names the controller). Whether the "
         "replacing events trigger abilities is the ruling rb.replacement-triggers; whether a \"next time\" "
         "replacement left unapplied still waits is the ruling rb.next-time-unapplied.",
         "rules reference", CORE_RULES + ", 317.2.c, 355.10.c, 365.1, 368.1, 369.1, 370.1-370.3, 372, 374, 390.3 "
         "and 391"),
    Rule("rb.deathknell-me", "A Deathknell's \"me\": its card in the trash",
         "A Deathknell triggers only when its card is killed and sent to the trash, and its card is there when the "
         "item is finalized and resolves. \"Me\" then names that card in the trash, for as long as it stays "
         "there: \"recycle me\" puts it on the bottom of its owner's Main Deck, \"return me to my owner's hand\" "
         "puts it in that hand, \"play me\" plays it from there (rb.play-effect), and a cost \"recycle me to …\" "
         "is paid with it. What needs a unit or gear on the board (\"give me +1 Might\") finds nothing in the "
         "trash and is ignored; the rest of the item is still "
         "done. What a Deathknell reads of its card (where it was, its Might) is still the note taken before it "
         "moved. (Ruling rb.deathknell-me; the other option treats the card in the trash as gone.)",
         "rules reference", CORE_RULES + ", 053.1, 055, 108.2.b, 355.9.a.1, 383.3.b, 385.2, 416.1.a, 420.1 and "
         "808.1.c-808.1.d.3"),
    Rule("rulekit.rb.own-leaving", "When I leave the board",
         "A triggered ability about its own card leaving the board (\"When I leave the board\", \"When I'm "
         "returned to hand\") is judged before the card moves, from the card as it was on the board, like "
         "Deathknell; its item is created then, under the card's controller there, and goes on the Chain with "
         "the Deathknells, before the abilities that see the departure; what it later reads of the card is null. (Ruling rb.own-leaving; the other option lets it see nothing, as for any observer "
         "that leaves in the same event.)", "rulekit",
         CORE_RULES + ", 002, 383.2.c.2, 384.2 and 808.1.c-808.1.d.3; " + _RBT,
         "The Core Rules give a pre-departure capture only for Deathknell (808.1.d.2) and no general look-back for "
         "leaving the board; 383.2.c.2 and 384.2 would keep such a text from ever working on the board."),
)
