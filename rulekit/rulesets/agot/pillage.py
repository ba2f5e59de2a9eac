"""Pillage, a challenge resolution keyword (rule ``agot.pillage``; Rules Reference, "Pillage",
"Keywords", "Abilities", "Participating"; "Appendix I: Timing and Gameplay", framework steps 4.2.2
to 4.2.6; the FAQ's questions "Resolving Keywords" and "Processing Keywords").

After a player wins a challenge, for each participating character with pillage he or she controls,
that player may discard the top card of the losing opponent's deck. It takes effect at framework
step 4.2.5, after the reactions to winning and losing (4.2.2) and the claim (4.2.4, not modelled).
A keyword is a card ability; one whose description says "may" is optional, and each instance of
pillage is its controller's to use or not, in the order that player chooses (FAQ). rulekit gives
each card with ``pillage: true`` a game ability ``pillage`` (timing ``keyword``: no window offers
it) and, at 4.2.5, asks the winner — an ``act or pass`` decision keyed ``<challenge>/keywords`` —
which of its pillages to use next, or to pass (the default, as in every window): a use initiates
like any ability (its initiation may be cancelled) and discards in a nested sequence of its own,
whose reactions follow once it has resolved; then the winner is asked again about the rest. A
character that left play no longer participates; a pillage that could discard nothing (the losing
opponent's deck is empty) cannot be initiated ("Abilities").

Not modelled: the other challenge resolution keywords (insight, intimidate, renown) and so the
first player's choice of the order of keyword types; a keyword gained or lost during the
challenge; "using pillage" as part of a triggering condition; pillage in a game of more than two
players (refused: the losing opponent would have to be named).
"""
from __future__ import annotations

from rulekit.core import ids, occur
from rulekit.core import judge as _judge
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Who
from rulekit.core.decisions import PASS, AnswerKey, Decision, DecisionKind
from rulekit.core.errors import ScenarioError
from rulekit.core.events import EventKind, Verb
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import GameState
from rulekit.core.verdicts import Code, Verdict
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import ResolutionFrame, Stage

RULE = "agot.pillage"
ID = "pillage"
#: the discard pillage makes: the top card of the (losing) opponent's deck
DISCARD_TOP = Instruction(Verb.DISCARD, Target.EACH, CardFilter(zone="draw deck", owner=Who.OPPONENT, top=1))
ABILITY = Ability(id=ID, timing=Timing.KEYWORD, effect=(DISCARD_TOP,),
                  text="Pillage. (After you win a challenge in which this character participates, you may discard "
                       "the top card of the losing opponent's deck.)")


def with_pillage(card):
    """The card with its pillage game ability, if it has the keyword."""
    own = card.extension
    if own is None or not own.pillage or card.ability(ID) is not None:
        return card
    return replace(card, abilities=card.abilities + (ABILITY,))


def may_pillage(state: GameState, challenge) -> bool:
    """Whether framework step 4.2.5 has pillage to look at: the challenge has a winner, who controls a
    card with pillage (whether it may be used is judged then)."""
    if challenge.winner is None:
        return False
    return any(c.controller == challenge.winner and c.ability(ID) is not None
               for c in (state.cards[i] for i in state.order))


def won(state: GameState, challenge):
    """The winner's ``wins a challenge`` triggering condition of this challenge (framework step 4.2.2):
    what the pillage uses answer (their ids read "…@<challenge>/result:wins-a-challenge:<winner>")."""
    sequence = ids.nested(challenge.id, "result")
    made = occur.conditions_for(Verb.WIN_CHALLENGE, state, sequence, challenge.id, players=(challenge.winner,),
                                challenge=challenge.type)
    return next(tc for tc in made if tc.kind is EventKind.WINS_CHALLENGE)


def judge(state: GameState, challenge, tc, card) -> Verdict:
    """Whether the pillage of ``card`` (a card of the winner's with the keyword) may be used now, and
    if not why: already used, not in play, not participating, or nothing to discard."""
    use = ids.use(card.obj, ID, tc.id)
    if use in state.used:
        return Verdict(card.obj, ID, tc.id, Code.ALREADY_USED)
    if card.zone not in state.rules.in_play:
        return Verdict(card.obj, ID, tc.id, Code.NOT_ACTIVE, f"{card.title} is in the {card.zone}, not in play")
    if card.participating is None:
        return Verdict(card.obj, ID, tc.id, Code.CONDITION_FALSE,
                       f"{card.title} is not participating in the challenge")
    if not _judge.changeable_targets(DISCARD_TOP, state, card.controller, card, tc):
        return Verdict(card.obj, ID, tc.id, Code.NO_EFFECT,
                       f"{challenge.loser}'s {state.rules.deck} is empty: nothing to discard")
    return Verdict(card.obj, ID, tc.id, Code.ELIGIBLE)


def _judged(state: GameState, challenge, tc) -> tuple[Verdict, ...]:
    """The verdict of every card with pillage the winner controls, in listing order."""
    cards = (state.cards[i] for i in state.order)
    return tuple(judge(state, challenge, tc, c) for c in cards
                 if c.controller == challenge.winner and c.ability(ID) is not None)


def process(frame, state: GameState, control: Control, challenge) -> Progress | Ask:
    """Framework step 4.2.5, for pillage: ask the winner which pillage to use next (or to pass), or,
    with none left that may be used, go on to the end of the challenge."""
    tc = won(state, challenge)
    verdicts = _judged(state, challenge, tc)
    usable = tuple(ids.use(v.card, ID, tc.id) for v in verdicts if v.usable)
    if not usable:
        done = control[:-1] + (replace(frame, stage="end"),)
        return Progress(state, done, RULE, AgotStep.KEYWORDS_DONE,
                        (("challenge", frame.id), ("player", challenge.winner)), verdicts)
    key = AnswerKey(DecisionKind.ACT_OR_PASS, ids.nested(frame.id, "keywords"), challenge.winner, frame.asked + 1)
    return Ask(Decision(key, usable + (PASS,), PASS, RULE,
                        f"{challenge.winner} may use pillage: discard the top card of {challenge.loser}'s "
                        f"{state.rules.deck} (framework step 4.2.5)", state), verdicts)


def answer(frame, state: GameState, control: Control, option: str, challenge, verdicts=()) -> Progress:
    """The winner's answer at 4.2.5: pass (no more pillage), or a pillage to initiate now."""
    rest = control[:-1]
    asked = replace(frame, asked=frame.asked + 1)
    if option == PASS:
        return Progress(state, rest + (replace(asked, stage="end"),), RULE, AgotStep.KEYWORDS_PASS,
                        (("challenge", frame.id), ("player", challenge.winner)), verdicts)
    tc = won(state, challenge)
    card = state.cards[ids.card_id(ids.parse_use(option).obj)]
    state = state.mark_used(option, tc.id)
    use = ResolutionFrame(use=option, source=card, ability=card.ability(ID), controller=card.controller, condition=tc,
                          stage=Stage.TARGETS)
    return Progress(state, rest + (asked, use), RULE, AgotStep.USE,
                    (("player", challenge.winner), ("use", option), ("challenge", frame.id)), verdicts)


def check_entry(entry, path: str, scenario) -> None:
    """Pillage discards from the losing opponent's deck: with more than two players rulekit would
    have to name that opponent, which it does not model."""
    if entry.do is not Verb.CHALLENGE or len(scenario.players) <= 2:
        return
    if any(c.extension is not None and c.pillage for c in scenario.cards):
        raise ScenarioError("pillage discards from the losing opponent's deck; rulekit models it in a game of two "
                            "players only (rule agot.pillage)", path=f"{path}.do",
                            expected="two players, or no card with pillage: true")


def check_cards(cards: tuple) -> None:
    """Only a character participates in a challenge, so only a character's pillage can be used."""
    for i, card in enumerate(cards):
        own = card.extension
        if own is not None and own.pillage and ((card.type or "character") != "character" or own.duplicate_of):
            kind = "duplicate" if own.duplicate_of else card.type
            raise ScenarioError(f"card {card.id!r} is a {kind}: only a character participates in a challenge, so "
                                "only a character's pillage is ever used (Rules Reference, \"Pillage\")",
                                path=f"cards[{i}].pillage", expected="pillage: true on a character")


def explained(step, source, ability):
    """``explain`` at a step of framework step 4.2.5: the verdict of a card's pillage, judged on the
    state the step started from; ``None`` for any other step or ability."""
    if step.rule != RULE or ability.timing is not Timing.KEYWORD:
        return None
    state = step.before
    challenge = state.challenges[-1] if state.challenges else None
    if challenge is None or challenge.winner is None:
        return None
    tc = won(state, challenge)
    return (judge(state, challenge, tc, state.cards[source.id]),), (tc.id,)
