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
from rulekit.rulesets.riftbound import cards
from rulekit.rulesets.riftbound import chain
from rulekit.rulesets.riftbound import cleanup
from rulekit.rulesets.riftbound import keywords
from rulekit.rulesets.riftbound import priority
from rulekit.rulesets.riftbound import resolving
from rulekit.rulesets.riftbound import triggers
from rulekit.rulesets.riftbound import views
from rulekit.rulesets.riftbound import words
from rulekit.rulesets.riftbound.rules import RULES
from rulekit.rulesets.riftbound.rulings import RULINGS
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ChainFrame, ChainItem, Cleanup, ItemFrame, OpenFrame, TriggerCheck
from rulekit.rulesets.riftbound.vocabulary import VOCABULARY


class Riftbound(Ruleset):
    name = "riftbound"
    title = "Riftbound"
    version = "Core Rules, last updated 2026-03-30"

    zones = ("base", "battlefield", "legend zone", "hand", "main deck", "trash", "chain", "banishment",
             "champion zone")
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
                   "buffed": "is buffed", "buff spent": "spends its buff"}

    timings = frozenset({Timing.TRIGGERED, Timing.PRIORITY, Timing.ACTION})
    verbs = frozenset({
        Verb.MOVE, Verb.END_TURN, Verb.GRANT, Verb.REMOVE_ABILITY, Verb.READY, Verb.EXHAUST, Verb.DEAL_DAMAGE,
        Verb.BUFF, Verb.SPEND_BUFF, Verb.GIVE_MIGHT, Verb.CREATE, Verb.NOT_MODELLED, Verb.SHUFFLE,
        Verb.KILL, Verb.DRAW, Verb.DISCARD, Verb.PLAY, Verb.PUT_INTO_PLAY, Verb.RETURN_TO_HAND, Verb.LEAVE_PLAY,
        Verb.ATTACK, Verb.TAKE_CONTROL, Verb.REPLACE, Verb.BEGIN_PHASE, Verb.END_PHASE})
    chance = True            # target: random and shuffle (rules rulekit.chance, rb.chance)
    ability_fields = frozenset({"zones", "once_per_turn", "optional", "deathknell", "active_if", "legion"})
    trigger_fields = frozenset({"nth", "by", "phase", "turn"})
    instruction_fields = frozenset({"to", "grant", "ability", "amount_of", "instead", "up_to", "token", "this_turn"})
    entry_fields = frozenset({"to", "grant", "ability", "this_turn"})
    filter_fields = frozenset({"buffed", "keyword"})

    handlers = {
        TriggerCheck: Handler(cleanup.check_then_cleanup, triggers.answer_check),
        Cleanup: Handler(cleanup.advance_cleanup, None),
        ChainFrame: Handler(chain.advance_chain, chain.answer_chain),
        ItemFrame: Handler(resolving.advance_item, resolving.answer_item),
        OpenFrame: Handler(priority.advance_open, priority.answer_open),
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
        return cards.turn_ends(state)

    def card_facts(self, card):
        return cards.card_facts(card)

    def card_mismatch(self, f, card):
        return cards.card_mismatch(f, card)

    def setup_cards(self, cards_):
        """Each card with the abilities its keywords stand for (Temporary, 816.1.b)."""
        return tuple(cards.with_keyword_abilities(c) for c in cards_)

    def check_cards(self, cards_):
        keywords.check_cards(cards_)
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
        if not isinstance(checking, TriggerCheck):
            return None
        return triggers.explain_verdicts(step, source, ability), tuple(tc.id for tc in checking.events)

    def check_ability(self, ability, path, card_id):
        from rulekit.core.abilities import Target
        from rulekit.core.errors import ScenarioError
        for part in ("cost", "effect"):
            for k, instr in enumerate(getattr(ability, part)):
                at = f"{path}.{part}[{k}]"
                if instr.up_to is not None and (instr.target is not Target.CHOSEN or instr.up_to < 1):
                    raise ScenarioError("'up_to' needs a chosen target and a number of 1 or more",
                                        path=f"{at}.up_to", expected="target: chosen, up_to: 1 or more")
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
                if instr.target is Target.CHOSEN_ABILITY and instr.do is not Verb.TAKE_CONTROL:
                    raise ScenarioError("only 'take control' targets 'chosen ability'", path=f"{at}.target",
                                        expected="do: take control")
                if instr.token is not None:
                    keywords.check_keywords(instr.token.keywords, f"{at}.token.keywords", instr.token.type)
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
                         or isinstance(s.parent.control[-1], OpenFrame))
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
        return words.describe(what, args, state)

    def stack_kind(self) -> str:
        return "the Chain (newest on top)"


RIFTBOUND = Riftbound()          # registered by rulekit.rulesets when first asked for

__all__ = ["RIFTBOUND", "ChainFrame", "ChainItem", "ItemFrame", "OpenFrame", "RbStep", "Riftbound", "TriggerCheck"]
