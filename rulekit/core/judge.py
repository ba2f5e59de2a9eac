"""The neutral checks every ruleset's verdict is built from, each answering "why not" in words.

Whether a card passes a filter, whether a triggering condition matches an ability's pattern,
whether a condition holds, which targets an instruction could change, whether a constant
ability forbids something: each returns ``None`` when it holds, or the
reason it does not, so a verdict can say why. The verdict functions themselves belong to the
rulesets (A Game of Thrones: :func:`rulekit.rulesets.agot.verdicts.judge`; Riftbound:
:func:`rulekit.rulesets.riftbound.judging.rb_judge`); the engine and :func:`rulekit.explain`
call the same one, so the two can never disagree.
"""
from __future__ import annotations


from rulekit.core.abilities import Ability, CardFilter, Instruction, Target
from rulekit.core.events import CHANCE_VERBS, PLAYER_PICKS_CARDS, VERB_EVENT, EventKind, Verb
from rulekit.core import ids
from rulekit.core import occur
from rulekit.core.frozen import members
from rulekit.core import matching
from rulekit.core.matching import (  # noqa: F401  (the judge's names, as the rulesets import them)
    condition_failure, filter_mismatch, narrowed, restricted_by, trigger_words,
)
from rulekit.core.speed import PLAIN, patterns
from rulekit.core.speed.patterns import _MATCHERS, trigger_matcher  # noqa: F401
from rulekit.core.model import Card, GameState, TriggeringCondition

#: whether a triggering condition is one a pattern refers to (None), else why not: the plain check,
#: or the same with the pattern compiled into a predicate (rulekit.core.speed.patterns)
trigger_mismatch = matching.trigger_mismatch if PLAIN else patterns.trigger_mismatch


# Enum members read at every step, through plain classes (rulekit.frozen.members says why)
_EventKind = members(EventKind)
_Target = members(Target)
_Verb = members(Verb)


# -- targets -----------------------------------------------------------------------------
def current_object(state: GameState, card: Card, *, allow_moved: bool) -> Card | None:
    """The card as it is now, if it is still the same object (or, with ``allow_moved``, the
    object the triggering event itself turned it into)."""
    now = state.cards.get(card.id)
    if now is None:
        return None
    if now.incarnation == card.incarnation or (allow_moved and now.incarnation == card.incarnation + 1):
        return now
    return None


def card_targets(instr: Instruction, state: GameState, me: str, source: Card,
                 tc: TriggeringCondition | None) -> tuple[Card, ...]:
    """Cards an instruction may affect, in listing order; for ``chosen`` these are the options."""
    if instr.target is _Target.DUPLICATE:
        return state.rules.duplicates_of(state, source)
    if instr.target is _Target.SELF:
        now = current_object(state, source, allow_moved=False)
        return (now,) if now else ()
    if instr.target is _Target.THAT_CARD:
        if tc is None or tc.card is None:
            return ()
        now = current_object(state, tc.card, allow_moved=True)
        return (now,) if now else ()
    f = instr.filter or CardFilter()
    # Unless the filter names a zone, "choose a card"/"each card" means cards in play, except
    # for putting a card into play or playing it, which means cards in hand (rulekit.default-zones).
    zones = (f.zone,) if f.zone else (("hand",) if VERB_EVENT[instr.do] in (_EventKind.ENTERS_PLAY, _EventKind.PLAYED)
                                       else state.rules.in_play)
    out = []
    that = tc.card if tc is not None else None
    for cid in state.order:
        card = state.cards[cid]
        if card.zone not in zones:
            continue
        if f.top is not None and cid not in state.decks.get(card.owner, ())[:f.top]:
            continue            # not among the top N cards of its owner's deck (what "look at the top N" finds)
        if filter_mismatch(f, card, me, source, rules=state.rules, that=that, state=state) is None:
            out.append(card)
    return narrowed(f, tuple(out))


def player_targets(instr: Instruction, state: GameState, me: str, tc: TriggeringCondition | None) -> tuple[str, ...]:
    if instr.target is _Target.YOU:
        return (me,)
    if instr.target is _Target.OPPONENT:
        return state.opponents(me)
    if instr.target is _Target.THAT_PLAYER and tc is not None and tc.player is not None:
        return (tc.player,)
    return ()


LEAVING_PLAY = (_EventKind.KILLED, _EventKind.DISCARDED, _EventKind.SACRIFICED, _EventKind.RETURNED_TO_HAND,
                _EventKind.LEAVES_PLAY, _EventKind.PLACED)


def condition_change_blocked(instr: Instruction, state: GameState, tc: TriggeringCondition | None) -> str | None:
    """For instructions that act on the triggering condition itself (cancel, save, replace):
    ``None`` if they could act on ``tc`` now, else why not."""
    if tc is None:
        return "there is no triggering condition to act on"
    if tc.id in state.cancelled:
        return "it has been cancelled"
    if tc.id in state.changed:
        return "it has already been changed"
    if instr.do is _Verb.CANCEL:
        if tc.kind is not _EventKind.INITIATES:
            return "only the initiation of an effect can be cancelled"
        if tc.cannot_be_cancelled:
            return f"{tc.card.title}'s ability cannot be cancelled"
        by = restricted_by(state, tc.card, _Verb.CANNOT_BE_CANCELLED)
        if by is not None:
            return f"{tc.card.title}'s ability cannot be cancelled because of {by.title}"
        return None
    if instr.do is _Verb.SAVE:
        if tc.kind not in LEAVING_PLAY or tc.card is None or tc.card.zone not in state.rules.in_play:
            return "only a card about to leave play can be saved"
        gone = occur.still_imminent(tc, state)
        if gone is not None:
            # the leaving can no longer occur — the card left play some other way, or something
            # now forbids it — so step 5 will pre-empt it: nothing is left to save (rulekit.save.pre-empted)
            return f"nothing to save: {gone}"
        if tc.cannot_be_saved:
            return f"{tc.card.title} {tc.cannot_be_saved}"
        by = restricted_by(state, state.cards[tc.card.id], _Verb.CANNOT_BE_SAVED)
        if by is not None:
            return f"{tc.card.title} cannot be saved because of {by.title}"
        return None
    return None   # a replacement may replace any imminent condition


def changeable_targets(instr: Instruction, state: GameState, me: str, source: Card,
                       tc: TriggeringCondition | None) -> tuple:
    """The targets for which the instruction would change the game state now. A ``not modelled``
    effect changes nothing rulekit can see; it counts as able to change the game state only when
    its file says so (``changes_state``; rule ``rulekit.not-modelled``)."""
    if instr.do is _Verb.NOT_MODELLED:
        return (instr,) if instr.changes_state else ()
    if instr.target is _Target.SELF and instr.do in _BOARD_VERBS:
        # the common case, kept short: this card, if it is still the same object and would change
        now = state.cards.get(source.id)
        if now is None or now.incarnation != source.incarnation:
            return ()
        return (now,) if occur.can_happen(VERB_EVENT[instr.do], state, card=now, amount=instr.amount) is None else ()
    if instr.acts_on_condition:
        if condition_change_blocked(instr, state, tc) is not None:
            return ()
        if instr.do is not _Verb.SAVE:
            return (tc,)            # a save goes on to the card it saves
    if instr.do is _Verb.DELAY:
        return (instr,)     # a delayed effect always sets something up
    if instr.target.is_player:
        if instr.do in CHANCE_VERBS:            # a shuffle changes a deck of two cards or more (rulekit.chance)
            return tuple(p for p in player_targets(instr, state, me, tc) if len(state.decks.get(p, ())) > 1)
        kind = VERB_EVENT[instr.do]
        if instr.do in PLAYER_PICKS_CARDS:      # channel: a player with cards to take
            return tuple(p for p in player_targets(instr, state, me, tc)
                         if state.rules.channel_from(state, p, instr.amount))
        return tuple(p for p in player_targets(instr, state, me, tc)
                     if occur.can_happen(kind, state, player=p, amount=instr.amount, resource=instr.resource) is None)
    if instr.target.by_others:
        seen, out = set(), []
        for player in choosers(instr, state, me):
            for c in chooser_targets(instr, state, player, source, tc):
                if c.id not in seen:
                    seen.add(c.id)
                    out.append(c)
        return tuple(out)
    return chooser_targets(instr, state, me, source, tc)


_BOARD_VERBS = frozenset(v for v in Verb if v not in (_Verb.CANCEL, _Verb.REPLACE, _Verb.SAVE, _Verb.DELAY,
                                                      _Verb.NOT_MODELLED, _Verb.PLAY))


def replace_as_kill(instr: Instruction) -> Instruction:
    """A Riftbound death replacement targets what a kill could target."""
    return Instruction(_Verb.KILL, instr.target, instr.filter)


def choosers(instr: Instruction, state: GameState, me: str) -> tuple[str, ...]:
    """Who chooses an instruction's cards, in the order they choose: each player, or each opponent of
    ``me``, in seat order from the first player (A Game of Thrones: player order; Riftbound: turn
    order from the turn player); otherwise ``me``, the ability's controller."""
    if instr.target is _Target.EACH_PLAYER:
        return state.seat_order()
    if instr.target is _Target.EACH_OPPONENT:
        return tuple(p for p in state.seat_order() if p != me)
    return (me,)


def chooser_targets(instr: Instruction, state: GameState, chooser: str, source: Card,
                    tc: TriggeringCondition | None) -> tuple[Card, ...]:
    """The cards ``chooser`` may pick for a card instruction: "you" in its filter is the chooser."""
    if instr.do is _Verb.REPLACE:
        instr = replace_as_kill(instr)
    kind = VERB_EVENT[instr.do]
    refusal = state.rules.target_refusal     # what, beyond the filter, the ruleset's rules refuse
    if instr.do is _Verb.PLAY:      # an effect's play: from where its ruleset lets an effect play a card
        return tuple(c for c in card_targets(instr, state, chooser, source, tc)
                     if state.rules.effect_play_refusal(state, c) is None)
    return tuple(c for c in card_targets(instr, state, chooser, source, tc)
                 if occur.applies(kind, state, c) is None and refusal(kind, state, c, instr.amount) is None)


# -- the verdict ---------------------------------------------------------------------------
def use_id(source: Card, ability: Ability, tc: TriggeringCondition) -> str:
    """A use is keyed by card object + ability + what it responds to: the triggering condition,
    or the whole occurrence for "one or more" wording."""
    return ids.use(source.obj, ability.id, tc.sequence if ability.when.one_or_more else tc.id)
