"""A card an effect plays (rule ``rb.play-effect``; Core Rules 419.3): "play me from your trash",
"play a unit from your hand to your base, ignoring its Energy cost", "play it here".

Playing is then a Limited Action the effect instructs (419.3.a), done by the effect's controller,
who controls the card (188.1), by the steps of playing a card except what the effect says (419.3.b):
the card leaves the zone it is in for the Chain, a pending item (354.1-354.2), and the resolving
effect goes on (354.3). The pending item is finalized in the order it was added (337.1.b): its
choices, then its Cost, less what the effect ignores (356.1.b), paid from its player's Rune Pool
(357.1) — a Cost that cannot be paid undoes the play, and the card goes back to the zone it was
played from (358.4, 806.4.b). A unit or gear then resolves at once (337.1.c): it leaves the Chain and
enters the board — a unit exhausted, at the location the effect named or its player's base (355.2.b,
359.2.c) — a new object, and is played (350.1, 419.4.a). A spell lingers on the Chain and is played
as it resolves (359.3, 419.4.a; rule ``rb.play-spell``). A card that is no longer where the effect
looks for it is not played: nothing happens and resolution goes on (419.3.c, 055).
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.abilities import Ability, Instruction, Target, Timing
from rulekit.core.events import EventKind
from rulekit.core.frames import Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.ruleset import ruling_arg
from rulekit.rulesets.riftbound.cards import DOMAINS, PERMANENTS, card_costs
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ChainFrame, ChainItem
from rulekit.rulesets.riftbound.priority import PLAYED_TIMINGS
from rulekit.rulesets.riftbound.triggers import occurrence

CHAIN = "chain"
#: what an effect's "ignoring its … cost" sets to 0 (356.1.b.1-356.1.b.2): the Energy cost, the Power cost, or both
IGNORABLE = {"cost": ("energy",) + DOMAINS + ("any",), "energy cost": ("energy",), "power cost": DOMAINS + ("any",)}
#: the card types an effect can play: Main Deck cards (052), not runes, legends or battlefields
PLAYABLE_TYPES = PERMANENTS + ("spell",)
#: the item of a permanent being played: it has no ability of its own to resolve (337.1.c)
PLAY_ID = "play"
_PERMANENT_PLAY = Ability(id=PLAY_ID, timing=Timing.ACTION, effect=(), text="played by an effect")


def refusal(state: GameState, card: Card) -> str | None:
    """Why an effect cannot play ``card`` now, or ``None``: a Main Deck card (052) — a unit, gear or
    spell, no token (183: a token exists only on the board or the Chain) — off the board and off the
    Chain (354.1: it is taken from the zone it is in)."""
    if card.type not in PLAYABLE_TYPES or ids.is_token(card.id):
        return f"{card.title} is no card an effect can play (a unit, gear or spell of a Main Deck: 052)"
    if not card.zone or card.zone in state.rules.in_play or card.zone == CHAIN:
        return f"{card.title} is {'on the board' if card.zone else 'gone'}, not in a zone a card is played from"
    return None


def _ability(card: Card) -> Ability:
    """What the item of ``card`` resolves: a spell's own (the one it is played with), a permanent's
    nothing (it resolves as it is finalized, 337.1.c); a spell without one resolves and is played
    all the same (055.1)."""
    if card.type == "spell":
        return next((a for a in card.abilities if a.timing in PLAYED_TIMINGS), _PERMANENT_PLAY)
    return _PERMANENT_PLAY


def _not_there(instr: Instruction, card: Card) -> str | None:
    """"Play me from your trash", "play it from your hand": the zone the effect looks in for the card
    it names (a filter's ``zone`` on ``self`` or ``that card``)."""
    wanted = instr.filter.zone if instr.filter is not None and instr.target in (Target.SELF, Target.THAT_CARD) else None
    return f"{card.title} is in the {card.zone}, not the {wanted}" if wanted and card.zone != wanted else None


def to_chain(state: GameState, control: Control, item: ChainItem, slot: str, instr: Instruction,
             targets: tuple, to: str | None, args: tuple) -> Progress:
    """The play instruction at ``slot`` of ``item`` executes (``control`` has the resolving item's
    frame, moved on, on top): each card it plays leaves its zone for the Chain under ``item``'s
    controller, a pending item added after those added before it (354.1-354.3, 337.1.b) — placed
    at once, or after the triggered items still waiting to be placed."""
    me = item.controller
    ignoring = instr.ignoring
    if ignoring is None and item.ability.when is not None and item.ability.cost:
        # "you may pay [1] to play me": is the card's own Cost paid as well? (ruling rb.pay-to-play)
        args += (ruling_arg(state, "rb.pay-to-play"),)
        ignoring = "cost" if state.ruling("rb.pay-to-play") == "instead" else None
    at = next(i for i in range(len(control) - 1, -1, -1) if isinstance(control[i], ChainFrame))
    chain = control[at]
    played, why = [], ""
    for card in targets:
        why = refusal(state, card) or _not_there(instr, card)
        if why:
            continue
        origin = card.zone
        state = state.move(card.id, CHAIN, controller=me)
        now = state.cards[card.id]
        ability = _ability(now)
        new = ChainItem(ids.use(now.obj, ability.id, ids.nested(item.id, slot)), ability, now, me, played=card.id,
                        played_from=origin, to=to, ignoring=ignoring)
        if chain.waiting:       # after the triggered items added before it (337.1.b)
            chain = replace(chain, waiting=chain.waiting + (replace(new, batch=chain.batches),),
                            batches=chain.batches + 1)
        else:
            chain = replace(chain, items=chain.items + (new,), priority=None)
        played.append((new.id, card.obj, origin))
    if not played:      # no card to play where the effect looks: nothing happens (419.3.c)
        return Progress(state, control, "rb.play-effect", RbStep.NOTHING,
                        args + (("why", why or "no card to play where the effect looks for one (419.3.c)"),))
    return Progress(state, control[:at] + (chain,) + control[at + 1:], "rb.play-effect", RbStep.PLAY_PENDING,
                    args + (("played", tuple(played)), ("player", me), ("to", to or "")))


def costs(item: ChainItem, card: Card) -> tuple[Instruction, ...]:
    """What the player of a card an effect plays pays as its item is finalized: its Cost, without what
    the effect ignores (356.1.b.1-356.1.b.2), then its ability's cost (357)."""
    waived = IGNORABLE.get(item.ignoring or "", ())
    return tuple(c for c in card_costs(card) if c.resource not in waived) + item.ability.cost


def is_permanent_play(state: GameState, item: ChainItem) -> bool:
    """Whether ``item`` is a unit or gear an effect is playing: it resolves as it is finalized (337.1.c)."""
    return item.played is not None and item.played_from is not None and state.cards[item.played].type in PERMANENTS


def enter_board(frame: ChainFrame, state: GameState, control: Control, item: ChainItem) -> Progress:
    """A unit or gear an effect plays, finalized, resolves at once (337.1.c, 359.2): it leaves the
    Chain and enters the board where the effect put it — a unit exhausted (359.2.c) — a new object,
    in the event of its being played (350.1, 419.4.a): "When you play …" triggers after it (383.4.a.2)."""
    card = state.cards[item.played]
    rest = replace(frame, items=tuple(i for i in frame.items if i is not item))
    group = ids.after_part_sequence(item.id, "played")
    tc = TriggeringCondition(ids.triggering_condition(group, EventKind.PLAYED.value, card.obj), EventKind.PLAYED,
                             group, item.id, card=card, player=item.controller, to=item.to)
    return occurrence(state, control[:-1] + (rest,), (tc,), group, "rb.play-effect",
                      (("item", item.id), ("finalized", item.controller)))

