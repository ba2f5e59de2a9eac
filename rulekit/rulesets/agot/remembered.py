"""A Game of Thrones' judgements remembered across sequences (:mod:`rulekit.core.remembered`).

A window judges every listening ability; on a busy board the same abilities are judged against
conditions alike in all the judgement reads, sequence after sequence. :func:`judged` gives
:func:`~rulekit.rulesets.agot.verdicts.judge`'s verdict, remembered under a key made of
everything that function reads for a *plain* ability (see :func:`plain`) — in two parts: what it
reads of the condition and the game as a whole (:func:`memo_for`, once a window), then what it
reads of the ability and its card:

- the ability itself (the very object: the key holds its id, the store the object, so the id is
  never another's);
- the step of the sequence (its timing; whether the condition has occurred);
- the triggering condition's kind, player, challenge, phase and means (``how``), and its card's
  every field but its abilities (what the pattern's card filter reads);
- what changed or cancelled the triggering condition, if anything (the words name it);
- the ability's card: its id, incarnation, zone, title, controller, type and posture (where its
  abilities work, whether it is the pattern's "this card", whether its effect would change it);
- whether that card is being played; whether this use is already marked used;
- the ruleset object (its zones and played types), the players and the first player (who "an
  opponent" is), and, for an ability that draws or shuffles, whether each player's deck holds
  none, one, or more cards.

The condition's own id is not read, except for the two look-ups above: the verdict is rebuilt
with it. Anything else makes an ability not plain, and it is judged afresh every time.
"""
from __future__ import annotations

from rulekit.core import remembered
from rulekit.core.abilities import Ability, CardFilter, Timing, Which
from rulekit.core.events import CHANCE_VERBS, EVENTS, PLAYER_PICKS_CARDS, VERB_EVENT, EventKind, Subject, Verb
from rulekit.core.judge import use_id
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.frozen import maker
from rulekit.core.verdicts import Verdict
from rulekit.rulesets.agot.refusals import REFUSED

# events whose "could it change the game state" reads more than the card: a kill (constant
# abilities may forbid it), a recycling or a placing (where the card goes), a payment (the pool)
_READS_MORE = frozenset({EventKind.KILLED, EventKind.RECYCLED, EventKind.PAYS, EventKind.PLACED})
_NOT_ON_A_CARD = frozenset({Verb.CANCEL, Verb.REPLACE, Verb.SAVE, Verb.DELAY, Verb.NOT_MODELLED})

# a pattern's card-filter fields that read something beyond the card itself
_FILTER_READS_MORE = ("here", "combat", "top", "buffed", "keyword", "entered", "lowest", "highest")

_STORE = remembered.Remembered(limit=1024)     # memos, each of at most _MEMO_LIMIT judgements
_PLAIN: dict[int, tuple[Ability, bool, bool]] = {}     # id(ability) -> (ability, plain, reads decks)
_MEMO_LIMIT = 256

_verdict = maker(Verdict)     # a remembered verdict is rebuilt for its condition at every use


def _plain_filter(f: CardFilter | None) -> bool:
    if f is None:
        return True
    if f.which is Which.ATTACHED or any(getattr(f, name) not in (None, False) for name in _FILTER_READS_MORE):
        return False
    for bounds in (f.strength, f.power):
        if bounds is not None and (bounds.lower_than is not None or bounds.higher_than is not None):
            return False
    return all(_plain_filter(alt) for alt in f.any_of)


def _plain_instruction(instr, refused: frozenset) -> tuple[bool, bool]:
    """(plain, reads the decks) for one cost or effect instruction."""
    if instr.do in _NOT_ON_A_CARD or instr.filter is not None or instr.condition or instr.until is not None:
        return False, False     # a condition inside it, a lasting effect: they read the game (.potential)
    if instr.do in CHANCE_VERBS:        # a shuffle: whether a deck holds two cards or more
        return instr.target.is_player, instr.target.is_player
    kind = VERB_EVENT.get(instr.do)
    if kind is None:
        return False, False
    if kind in _READS_MORE or kind in refused:
        return False, False
    subject = EVENTS[kind].subject
    if instr.target.value == "self":
        return subject is Subject.CARD, False
    if instr.target.is_player and subject is not Subject.CARD and instr.do not in PLAYER_PICKS_CARDS:
        return True, kind is EventKind.DRAWS or instr.do in CHANCE_VERBS
    return False, False


def plain(ability: Ability, refused: frozenset) -> tuple[bool, bool]:
    """(whether the judgement of ``ability`` reads only what the key holds, whether it reads the
    decks). ``refused``: the event kinds the ruleset's own refusals may refuse."""
    entry = _PLAIN.get(id(ability))
    if entry is not None and entry[0] is ability:
        return entry[1], entry[2]
    when = ability.when
    ok = (ability.timing is not Timing.CONSTANT and when is not None and not ability.condition
          and ability.limit is None and ability.max is None
          and when.side is None and when.margin is None and when.unopposed is None and _plain_filter(when.card))
    decks = False
    for instr in ability.cost + ability.effect if ok else ():
        fine, reads = _plain_instruction(instr, refused)
        ok, decks = ok and fine, decks or reads
    if len(_PLAIN) >= 4096:
        _PLAIN.clear()
    _PLAIN[id(ability)] = (ability, ok, decks)
    return ok, decks


def memo_for(state: GameState, tc: TriggeringCondition, step) -> dict:
    """The judgements remembered for conditions like ``tc`` at ``step`` (what the judgement
    reads of the condition and of the game as a whole), by ability and card: made once a window."""
    c = tc.card
    card = None if c is None else (c.id, c.incarnation, c.title, c.owner, c.controller, c.zone, c.type, c.kneeling,
                                   c.traits, c.extension)
    key = (step, tc.kind, tc.player, tc.challenge, tc.phase, tc.how, card,
           state.changed.get(tc.id) if state.changed else None,
           state.cancelled.get(tc.id) if state.cancelled else None,
           state.rules, state.players, state.first_player)
    memo = _STORE.get(key)
    if memo is None:
        memo = {}
        _STORE.keep(key, memo)
    return memo


_NOTHING = (False, False, None)      # the game part of a key when nothing is played or used and no deck is read
_FULL: tuple = (None, None, None)    # the decks and players last measured, and how full each deck was


def _fullness(state: GameState) -> tuple:
    """How full each player's deck is, as far as a draw or shuffle can tell (0, 1, or 2 and
    more), in seat order: remembered for the very decks and players last asked about (frozen
    values, shared from state to state until a deck changes)."""
    global _FULL
    decks, players = state.decks, state.players
    last = _FULL                    # one snapshot: another thread may replace it meanwhile
    if last[0] is decks and last[1] is players:
        return last[2]
    full = tuple([min(len(decks.get(p, ())), 2) for p in players])
    _FULL = (decks, players, full)
    return full


def judged(memo: dict, listener: tuple, judge, state: GameState, source: Card, ability: Ability,
           tc: TriggeringCondition, step) -> Verdict:
    """``judge(state, source, ability, tc, step)``, remembered in ``memo`` (:func:`memo_for` of
    ``tc``) where the ability is plain. ``source`` is the card as ``state`` holds it, ``listener``
    its (card id, ability index). The very card object judged last for this listener (all its
    fields, so all it reads) is found first; another object alike in all the judgement reads next."""
    last = memo.get(listener)
    if last is not None and last[0] is source and last[1] is _NOTHING and not state.playing and not state.used:
        # the very card (so the very ability, found plain and reading no deck) with nothing played
        # or used in the game: the game part of its key is _NOTHING again
        got = last[2]
        return _verdict(got[1], got[2], tc.id, got[3], got[4])
    entry = _PLAIN.get(id(ability))
    if entry is None or entry[0] is not ability:
        plain(ability, REFUSED)
        entry = _PLAIN[id(ability)]
    if not entry[1]:
        return judge(state, source, ability, tc, step)
    playing, used = state.playing, state.used
    if playing or used or entry[2]:
        game = (bool(playing) and source.obj in playing, bool(used) and use_id(source, ability, tc) in used,
                _fullness(state) if entry[2] else None)
    else:
        game = _NOTHING
    if last is not None and last[0] is source and (last[1] is game or last[1] == game):
        got = last[2]
    else:
        key = (id(ability), source.id, source.incarnation, source.zone, source.title, source.controller,
               source.type, source.kneeling, game)
        got = memo.get(key)
        if got is None or got[0] is not ability:
            verdict = judge(state, source, ability, tc, step)
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[key] = got = (ability, verdict.card, verdict.ability, verdict.code, verdict.detail)
            memo[listener] = (source, game, got)
            return verdict
        memo[listener] = (source, game, got)
    return _verdict(got[1], got[2], tc.id, got[3], got[4])
