"""Riftbound: trigger conditions evaluated after events, Deathknell, and the Chain.

The frames are :mod:`.frames`; the machine is :mod:`.triggers` (processing an occurrence,
evaluating triggers) and :mod:`.chain` (ordering items onto the Chain, finalizing, priority,
resolving); the words are :mod:`.words`; the views' data is :mod:`.views`; the registry entries
are :mod:`.rules`; the rulings are :mod:`.rulings`.
"""
from __future__ import annotations

from rulekit.core.abilities import Timing
from rulekit.core.events import EventKind, Verb
from rulekit.core.verdicts import Code, Verdict
from rulekit.core.ruleset import Handler, Ruleset
from rulekit.core.stepwords import say
from rulekit.rulesets.riftbound import cards
from rulekit.rulesets.riftbound import chain
from rulekit.rulesets.riftbound import cleanup
from rulekit.rulesets.riftbound import judging
from rulekit.rulesets.riftbound import keywords
from rulekit.rulesets.riftbound import priority
from rulekit.rulesets.riftbound import replacing
from rulekit.rulesets.riftbound import resolving
from rulekit.rulesets.riftbound import combat
from rulekit.rulesets.riftbound import effectplay
from rulekit.rulesets.riftbound import scoring
from rulekit.rulesets.riftbound import steps
from rulekit.rulesets.riftbound import triggers
from rulekit.rulesets.riftbound import views
from rulekit.rulesets.riftbound import words
from rulekit.rulesets.riftbound.rules import RULES
from rulekit.rulesets.riftbound.rulings import RULINGS
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import (RESOLUTION_STAGES, ChainFrame, ChainItem, Cleanup, CombatFrame,
                                               ItemFrame, OpenFrame, ReplacementOrder, ScoringFrame, ShowdownFrame,
                                               TriggerCheck)
from rulekit.rulesets.riftbound.vocabulary import VOCABULARY


class Riftbound(Ruleset):
    name = "riftbound"
    title = "Riftbound"
    version = "Core Rules, last updated 2026-03-30"

    zones = ("base", "battlefield", "legend zone", "hand", "main deck", "trash", "chain", "banishment",
             "champion zone", "rune deck")
    in_play = ("base", "battlefield", "legend zone")
    shared_zones = ("battlefield", "chain")
    deck = "main deck"
    leave_play_zone = {EventKind.KILLED: "trash", EventKind.DISCARDED: "trash", EventKind.SACRIFICED: "trash",
                       EventKind.LEAVES_PLAY: "trash", EventKind.RETURNED_TO_HAND: "hand"}
    played_zone = "trash"
    board_moves_keep_object = True
    card_noun = "unit"
    #: Core Rules' card types; a card must say its type (there is no default)
    card_types = ("unit", "spell", "gear", "rune", "legend", "battlefield")
    played_types = ("spell",)
    killable_types = ("unit", "gear")
    turned_word = "exhausted"
    card_extension = cards.RiftboundCard
    card_numbers = ("might", "damage")
    card_changes = {EventKind.DAMAGED: "damage", EventKind.MIGHT_CHANGES: "might"}
    event_words = {"stands": "is readied", "kneels": "is exhausted", "killed": "dies", "played": "is played",
                   "buffed": "is buffed", "buff spent": "spends its buff",
                   "conquers": "is conquered", "holds": "is held",
                   "channeled": "is channeled", "recycled": "is recycled", "adds": "adds resources to their Rune Pool",
                   "pays": "pays from their Rune Pool", "is recalled": "is recalled to its base (not a move)",
                   "is created": "is played (a token)"}
    pool_resources = cards.RESOURCES     # a file's top-level pools: a Rune Pool at the start (rb.resources)
    channel_to = "base"         # a channeled rune enters its controller's base (107.1.c, 430.1)

    timings = frozenset({Timing.TRIGGERED, Timing.PRIORITY, Timing.ACTION, Timing.REPLACEMENT})
    verbs = frozenset({
        Verb.MOVE, Verb.END_TURN, Verb.GRANT, Verb.REMOVE_ABILITY, Verb.READY, Verb.EXHAUST, Verb.DEAL_DAMAGE,
        Verb.BUFF, Verb.SPEND_BUFF, Verb.GIVE_MIGHT, Verb.CREATE, Verb.NOT_MODELLED, Verb.SHUFFLE,
        Verb.KILL, Verb.DRAW, Verb.DISCARD, Verb.PLAY, Verb.PUT_INTO_PLAY, Verb.RETURN_TO_HAND, Verb.LEAVE_PLAY,
        Verb.ATTACK, Verb.TAKE_CONTROL, Verb.REPLACE, Verb.BEGIN_PHASE, Verb.END_PHASE,
        Verb.CONQUER, Verb.HOLD, Verb.DEFEND, Verb.COMBAT,
        Verb.CHANNEL, Verb.RECYCLE, Verb.ADD, Verb.PAY, Verb.RECALL})
    chance = True            # target: random and shuffle (rules rulekit.chance, rb.chance)
    ability_fields = frozenset({"zones", "once_per_turn", "optional", "deathknell", "active_if", "legion"})
    trigger_fields = frozenset({"nth", "by", "phase", "turn"})
    instruction_fields = frozenset({"to", "grant", "ability", "amount_of", "instead", "up_to", "token", "this_turn",
                                    "resource", "ignoring"})
    effect_verbs = frozenset({Verb.PLAY})     # an effect may play a card (419.3; rule rb.play-effect)
    entry_fields = frozenset({"to", "grant", "ability", "this_turn"})
    filter_fields = frozenset({"buffed", "keyword", "combat"})
    combat_roles = ("attacker", "defender", "in combat")

    handlers = {
        TriggerCheck: Handler(cleanup.check_then_cleanup, triggers.answer_check),
        Cleanup: Handler(cleanup.advance_cleanup, None),
        ChainFrame: Handler(chain.advance_chain, chain.answer_chain),
        ItemFrame: Handler(resolving.advance_item, resolving.answer_item),
        OpenFrame: Handler(priority.advance_open, priority.answer_open),
        ScoringFrame: Handler(steps.advance_scoring),
        CombatFrame: Handler(combat.advance_combat),
        ShowdownFrame: Handler(combat.advance_showdown, combat.answer_showdown),
        ReplacementOrder: Handler(triggers.advance_order, triggers.answer_order),
    }
    flow = views.FLOW
    views = views

    def moved_card(self, before, after, printed):
        return cards.moved_card(before, after, printed)

    def event_refusal(self, kind, state, card, amount):
        return cards.event_refusal(kind, card, amount)

    def card_event(self, card, tc):
        return cards.card_event(card, tc)

    def turn_ends(self, state):
        return replacing.this_turn_expires(cards.turn_ends(state))

    def card_facts(self, card):
        return cards.card_facts(card)

    def card_mismatch(self, f, card, *, source=None, that=None):
        return cards.card_mismatch(f, card)

    def trigger_own_mismatch(self, when, tc, state, me):
        """A token's being played does not meet "When you play a card" (182, 052: rule rb.tokens)."""
        return judging.token_not_a_card(when, tc)


    # each battlefield on the board is a location of its own (rule rb.battlefields)
    def place_names(self, cards_):
        return cards.place_names(self.zones, cards_)

    def effect_place_names(self, verb):
        """"Here" — the location of the ability's card, read as the instruction executes — is where
        an effect may create or play a token or a card (439.2, 359.3.f.1-2)."""
        return (cards.HERE,) if verb in (Verb.CREATE, Verb.PLAY) else ()

    def effect_play_refusal(self, state, card):
        """A card an effect plays is a Main Deck card off the board and off the Chain (rb.play-effect)."""
        return effectplay.refusal(state, card)

    def where(self, card):
        return cards.where(card)

    def location(self, card):
        return cards.location(card)

    def place(self, state, card_id, to, controller=None):
        return cards.place(state, card_id, to, controller)

    def apply_event(self, state, tc):
        if tc.kind in (EventKind.ATTACKS, EventKind.DEFENDS):   # the designation is set as the combat begins (rb.combat)
            return state
        if tc.kind is EventKind.RECALLED:     # to its base, the same object, nothing else changed (450, 453.1)
            return cards.place(state, tc.card.id, "base")
        return scoring.apply_event(state, tc)

    def combat_role(self, card):
        return combat.role_of(card)

    def run_entry(self, state, control, entry, occurrence, args):
        return combat.begin(state, control, entry, occurrence, args)

    def setup_cards(self, cards_):
        """Each card with the abilities its keywords stand for (Temporary, 816.1.b); an uncontrolled
        battlefield controlled by no one (187.2.b)."""
        return cards.setup_cards(tuple(cards.with_keyword_abilities(c) for c in cards_))

    def check_cards(self, cards_):
        keywords.check_cards(cards_)
        cards.check_cards(cards_)
        self._check_costs(cards_)

    rules = RULES
    rulings = RULINGS
    vocabulary = VOCABULARY

    def entry(self, card, to):
        """A unit put into play enters its controller's base exhausted, unless placed at a
        battlefield (Core Rules 359.2.c)."""
        return (to or "base"), card.type == "unit"

    def played_to(self, card, to):
        """A permanent played becomes a game object on the board (351.1, 359.2): a unit enters
        exhausted at the location chosen for it, its controller's base unless another is named
        (355.2.a, 359.2.c); a gear enters ready at its player's base (359.2.d). A spell goes to
        the trash once played (351.2)."""
        return cards.played_to(card, to, self.played_zone)

    @staticmethod
    def _check_costs(cards_):
        """A card's Power cost names domains (134.2) or ``any`` ([A]); its Energy cost is 0 or more."""
        from rulekit.core.errors import ScenarioError
        for i, card in enumerate(cards_):
            ext = card.extension
            if not isinstance(ext, cards.RiftboundCard):
                continue
            for k, domain in enumerate(ext.power_cost):
                if domain not in cards.DOMAINS + ("any",):
                    raise ScenarioError(f"card {card.id!r}: {domain!r} is not a domain",
                                        path=f"cards[{i}].power_cost[{k}]",
                                        expected="one of " + ", ".join(cards.DOMAINS + ("any",)))
            if ext.energy_cost < 0:
                raise ScenarioError(f"card {card.id!r}: an Energy cost of {ext.energy_cost} is negative",
                                    path=f"cards[{i}].energy_cost", expected="0 or more")

    def channel_from(self, state, player, amount):
        """The top ``amount`` runes of ``player``'s Rune Deck (430.1)."""
        return tuple(state.cards[c] for c in cards.rune_deck(state, player)[:max(amount, 0)])

    def recycled_to(self, card):
        """Runes to the bottom of the Rune Deck, other cards to the bottom of the Main Deck (416.1.a-b)."""
        return cards.RUNE_DECK if card.type == "rune" else self.deck

    def spend(self, pool, resource, amount):
        return cards.spend(pool, resource, amount)

    def after_move(self, state, before, to_zone):
        return cards.after_move(state, before, to_zone)

    def open_occurrence(self, state, control, conditions, occurrence, rule, args):
        return triggers.occurrence(state, control, conditions, occurrence, rule, args)

    def explain_step(self, step, source, ability, later=None):
        checking = step.parent.control[-1] if step.parent is not None and step.parent.control else None
        if isinstance(checking, ChainFrame) and checking.priority is not None:
            # a player has priority on the Chain: may this card's ability be played now?
            return ((priority.priority_verdict(step.before, source, ability, checking.priority, checking.id),),
                    (checking.id,))
        if isinstance(checking, OpenFrame):      # the turn player's priority with no Chain
            return ((priority.priority_verdict(step.before, source, ability, step.before.first_player, None),),
                    (checking.id,))
        if isinstance(checking, ShowdownFrame):   # the player with Focus, in a Showdown (312.2.b)
            return ((priority.priority_verdict(step.before, source, ability, checking.focus, None),),
                    (checking.id,))
        if ability.timing in priority.PLAYED_TIMINGS and (
                (isinstance(checking, ChainFrame) and checking.waits)
                or (isinstance(checking, CombatFrame) and checking.stage in RESOLUTION_STAGES)):
            # combat's Resolution Step: no one has priority, the items wait (rb.resolution-step)
            return (priority.waiting_verdict(step.before, source, ability, checking.id),), (checking.id,)
        if not isinstance(checking, TriggerCheck):
            return None
        return triggers.explain_verdicts(step, source, ability), tuple(tc.id for tc in checking.events)

    def check_entry(self, entry, path, scenario):
        """A conquer names battlefields on the board and the player who conquers them."""
        if entry.do is Verb.COMBAT:
            from rulekit.core.checking import suggest
            from rulekit.core.errors import ScenarioError
            named = cards.battlefields(scenario.cards)
            if len(entry.cards) != 1 or entry.cards[0] not in named:
                got = ", ".join(entry.cards) or "none"
                raise ScenarioError(f"'combat' names the one battlefield it takes place at, not {got}"
                                    f"{suggest(entry.cards[0], named) if entry.cards else ''}", path=f"{path}.cards",
                                    expected="one of " + (", ".join(named) or "(no battlefield card is listed)"))
            if entry.player not in scenario.players:
                raise ScenarioError(f"'combat' needs 'player': the attacker, whose units applied Contested (459.2.b.1), "
                                    f"not {entry.player!r}", path=f"{path}.player",
                                    expected="one of " + ", ".join(scenario.players))
        if entry.do is Verb.PLAY and entry.to is not None:
            from rulekit.core.errors import ScenarioError
            named = cards.battlefields(scenario.cards)
            for card_id in entry.cards:
                card = next(c for c in scenario.cards if c.id == card_id)
                if card.type != "unit":
                    raise ScenarioError(f"{card_id!r} is a {card.type}: only a unit is played to a location chosen "
                                        "for it (355.2); a gear enters its player's base (359.2.d)", path=f"{path}.to",
                                        expected="no 'to' when playing a gear or a spell")
            if entry.to != "base" and entry.to not in named:
                raise ScenarioError(f"a unit is played to its controller's base or to a battlefield (355.2.a), not "
                                    f"{entry.to!r}", path=f"{path}.to",
                                    expected="one of " + ", ".join(("base",) + named))
        if entry.do is Verb.CONQUER:
            from rulekit.core.checking import suggest
            from rulekit.core.errors import ScenarioError
            named = cards.battlefields(scenario.cards)
            if entry.player not in scenario.players:
                raise ScenarioError(f"'conquer' needs 'player': who establishes control, not {entry.player!r}",
                                    path=f"{path}.player", expected="one of " + ", ".join(scenario.players))
            for k, card_id in enumerate(entry.cards):
                if card_id not in named:
                    raise ScenarioError(f"{card_id!r} is not a battlefield on the board: only a battlefield is "
                                        f"conquered (464.1){suggest(card_id, named)}", path=f"{path}.cards[{k}]",
                                        expected="one of " + (", ".join(named) or "(no battlefield card is listed)"))

    def check_ability(self, ability, path, card_id):
        from rulekit.core.abilities import Target
        from rulekit.core.errors import ScenarioError
        if ability.timing is Timing.REPLACEMENT:
            _check_replacement(ability, path)
        if ability.timing in (Timing.ACTION, Timing.PRIORITY):
            _check_played_with_priority(ability, path)
        for part in ("cost", "effect"):
            for k, instr in enumerate(getattr(ability, part)):
                at = f"{path}.{part}[{k}]"
                if instr.up_to is not None and (instr.target is not Target.CHOSEN or instr.up_to < 1):
                    raise ScenarioError("'up_to' needs a chosen target and a number of 1 or more",
                                        path=f"{at}.up_to", expected="target: chosen, up_to: 1 or more")
                if instr.up_to is not None and instr.picks != 1:
                    raise ScenarioError(f"'up_to' already says how many targets are chosen: 'amount' {instr.amount} "
                                        f"with it would be a second count", path=f"{at}.amount",
                                        expected="up_to: N alone (\"up to N\"), or amount: N alone (exactly N)")
                if (instr.do is Verb.CREATE) != (instr.token is not None):
                    raise ScenarioError("'create' needs 'token' (what it creates), and only 'create' takes it",
                                        path=f"{at}.token", expected="do: create with token: {title, might, …}")
                if part == "cost" and (instr.target is Target.RANDOM or instr.do is Verb.SHUFFLE):
                    raise ScenarioError("a cost cannot be left to chance: 'target: random' and 'shuffle' are effects "
                                        "(rule rulekit.chance)", path=f"{at}.target", expected="target: self, you or each")
                if part == "cost" and instr.target.is_chosen:
                    raise ScenarioError("a cost pays with what it names (this card, you, or each card a filter "
                                        "names); a cost that chooses is not modelled", path=f"{at}.target",
                                        expected="target: self, you or each")
                if (instr.do in (Verb.ADD, Verb.PAY)) != (instr.resource is not None) or (
                        instr.resource is not None and instr.resource not in cards.RESOURCES):
                    raise ScenarioError(f"{instr.do.value!r} " + ("needs 'resource': what is added or paid"
                                        if instr.do in (Verb.ADD, Verb.PAY) else "takes no 'resource'")
                                        + (f", not {instr.resource!r}" if instr.resource is not None else ""),
                                        path=f"{at}.resource",
                                        expected="do: add or pay, with resource: one of " + ", ".join(cards.RESOURCES))
                if instr.do is Verb.PAY and part != "cost":
                    raise ScenarioError("'pay' is a cost: it goes in 'cost'", path=f"{at}.do",
                                        expected="cost: [{do: pay, target: you, amount: N, resource: energy}]")
                if instr.do in (Verb.ADD, Verb.PAY, Verb.CHANNEL) and instr.target is not Target.YOU:
                    raise ScenarioError(f"{instr.do.value!r} is done by the ability's controller: its target is "
                                        f"'you', not {instr.target.value!r}", path=f"{at}.target", expected="target: you")
                if instr.do is Verb.NOT_MODELLED and instr.condition:
                    raise ScenarioError("a 'not modelled' effect changes nothing in Riftbound, whether or not its "
                                        "condition holds (there is no 'then' after it): say the condition in its "
                                        "'text'", path=f"{at}.condition", expected="no condition here")
                if instr.do is Verb.DISCARD and instr.filter is not None and instr.filter.zone not in (
                        None, self.hand, *self.in_play):
                    raise ScenarioError(f"a discard takes a card from a hand (or from the board), not from the "
                                        f"{instr.filter.zone}: it would find nothing to discard",
                                        path=f"{at}.filter.zone", expected=f"zone: {self.hand}, or no zone")
                if instr.target is Target.DUPLICATE:
                    raise ScenarioError("target 'a duplicate' is a card placed under another of the same title, "
                                        "which Riftbound does not have: it would find nothing", path=f"{at}.target",
                                        expected="target: self, that card, chosen, each or random")
                if instr.target is Target.CHOSEN_ABILITY and instr.do is not Verb.TAKE_CONTROL:
                    raise ScenarioError("only 'take control' targets 'chosen ability'", path=f"{at}.target",
                                        expected="do: take control")
                if instr.token is not None:
                    keywords.check_keywords(instr.token.keywords, f"{at}.token.keywords", instr.token.type)
                _check_play(instr, at, part, self.zones)
        keywords.check_ability(ability, path)

    def explain_granted_later(self, step, source, ability_id):
        checking = step.parent.control[-1] if step.parent is not None and step.parent.control else None
        if not isinstance(checking, TriggerCheck):
            return None
        return (tuple(Verdict(source.obj, ability_id, tc.id, Code.GRANTED_LATER, f"{source.title} did not have it then")
                      for tc in checking.events), tuple(tc.id for tc in checking.events))

    def steps_at(self, timeline, sequence_id, step_name):
        if step_name == "priority":
            return [s for s in timeline if s.parent is not None and s.parent.control
                    and ((isinstance(s.parent.control[-1], ChainFrame) and s.parent.control[-1].priority is not None)
                         or isinstance(s.parent.control[-1], (OpenFrame, ShowdownFrame)))
                    and s.parent.control[-1].id == sequence_id]
        if step_name != "occurs":
            return []
        return [s for s in timeline if s.parent is not None and s.parent.control
                and isinstance(s.parent.control[-1], TriggerCheck) and s.parent.control[-1].group == sequence_id]

    def step_names(self):
        return ("occurs", "priority")

    def priority_grants(self, timeline):
        return priority.grants(timeline)

    def describe(self, what, args, state):
        return say(words.WORDS, what, args, state)

    def stack_kind(self) -> str:
        return "the Chain (newest on top)"

    def card_text(self):
        """Riftbound's card-text reader and writer (imported here: it imports the grammar library)."""
        from rulekit.rulesets.riftbound import cardtext
        return cardtext


#: what an ability played with priority (a spell, an Action or Reaction ability) cannot say: it has
#: no triggering condition, so the words of a triggered ability would never be read (rule rulekit.fields)
_TRIGGERED_ONLY = (("when", "it is played, not triggered: it has no triggering condition"),
                   ("once_per_turn", "\"once each turn\" is read for triggered abilities only"),
                   ("optional", "\"you may\" as a trigger's choice is a triggered ability's (383.3.a)"),
                   ("deathknell", "Deathknell is a triggered ability (808.1)"),
                   ("active_if", "a dependent keyword's condition is checked for triggered abilities only"))


def _check_played_with_priority(ability, path: str) -> None:
    from rulekit.core.errors import ScenarioError
    for name, why in _TRIGGERED_ONLY:
        if getattr(ability, name):
            raise ScenarioError(f"{name!r} on an ability played with priority ({ability.timing.value!r}): {why}",
                                path=f"{path}.{name}", expected="timing: triggered, or no " + repr(name))


def _check_replacement(ability, path: str) -> None:
    """A replacement printed on a card (rule ``rb.standing-replacement``): "If … would die, … instead"
    — its ``when`` names the death it replaces, its ``effect`` what happens instead; a condition or a
    dependent keyword may limit it. What rulekit does not model for it is refused, not ignored."""
    from rulekit.core.errors import ScenarioError
    if ability.when.event is not EventKind.KILLED:
        raise ScenarioError(f"a replacement printed on a card replaces a death (\"would die\") in rulekit, not "
                            f"{ability.when.event.value!r}", path=f"{path}.when.event", expected="event: killed")
    for name in ("nth", "by", "turn"):
        if getattr(ability.when, name) is not None:
            raise ScenarioError(f"a replacement's 'when' takes no {name!r} in rulekit", path=f"{path}.when.{name}",
                                expected="event: killed, with card (a filter)")
    for name, why in (("cost", "a replacement has no cost"), ("once_per_turn", "\"once each turn\" replacements "
                      "(371) are not modelled"), ("optional", "a replacement printed on a card applies; \"you may\" "
                      "replacements are not modelled"), ("deathknell", "Deathknell is a triggered ability")):
        if getattr(ability, name):
            raise ScenarioError(f"{why}: {name!r} is refused on a replacement", path=f"{path}.{name}",
                                expected="timing: replacement with when, effect and optionally condition, "
                                         "active_if, zones")


def _check_play(instr, at: str, part: str, zones) -> None:
    """An effect's ``play`` (rule ``rb.play-effect``): an effect, never a cost, nor what happens in place
    of an event or later; a card goes to a location (355.2): its player's base, a battlefield, or
    "here"; ``ignoring`` names the costs it sets to 0 (356.1.b), and only ``play`` takes it."""
    from rulekit.core.errors import ScenarioError
    for nested in ("instead", "later"):
        for k, inner in enumerate(getattr(instr, nested)):
            if inner.do is Verb.PLAY:
                raise ScenarioError(f"an effect's 'play' in '{nested}' (in place of an event, or later) is not "
                                    "modelled", path=f"{at}.{nested}[{k}].do",
                                    expected="'play' as an instruction of an ability's effect")
    if instr.ignoring is not None and (instr.do is not Verb.PLAY or instr.ignoring not in effectplay.IGNORABLE):
        raise ScenarioError(f"'ignoring' names the costs an effect's 'play' sets to 0 (356.1.b), not "
                            f"{instr.ignoring!r} on {instr.do.value!r}", path=f"{at}.ignoring",
                            expected="do: play, with ignoring: one of " + ", ".join(effectplay.IGNORABLE))
    if instr.do is not Verb.PLAY:
        return
    if part == "cost":
        raise ScenarioError("'play' is an effect (419.3), not a cost", path=f"{at}.do", expected="'play' in 'effect'")
    if instr.target.by_others:
        raise ScenarioError("each player (or each opponent) playing a card they choose is not modelled: the "
                            "ability's controller plays what an effect plays here", path=f"{at}.target",
                            expected="target: self, that card, chosen, each or random")
    if instr.to is not None and instr.to in zones and instr.to not in ("base", cards.BATTLEFIELD):
        raise ScenarioError(f"a card an effect plays goes to a location (355.2): its player's base, a battlefield "
                            f"or \"here\" — not the {instr.to}", path=f"{at}.to",
                            expected="to: base, a battlefield's id, or here")


RIFTBOUND = Riftbound()          # registered by rulekit.rulesets when first asked for

__all__ = ["RIFTBOUND", "ChainFrame", "ChainItem", "ItemFrame", "OpenFrame", "RbStep", "Riftbound", "TriggerCheck"]
