"""Priority: what a player who has it may play — while a Chain exists only cards and abilities with
Reaction (309.1.a) — and the turn player's priority while no Chain exists, in their Main Phase
(the Open State), where playing a card or ability starts a Chain."""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core import judge
from rulekit.core import occur
from rulekit.core.abilities import Ability, Target, Timing
from rulekit.core.decisions import PASS, AnswerKey, Decision, DecisionKind
from rulekit.core.events import VERB_EVENT, Verb
from rulekit.core.occur import _pool_words
from rulekit.core.frames import Ask, Control, Progress
from rulekit.core.frozen import replace
from rulekit.core.model import Card, GameState, TriggeringCondition
from rulekit.core.verdicts import Code, Verdict
from rulekit.rulesets.riftbound.cards import HIDDEN_ZONES, card_costs
from rulekit.rulesets.riftbound.codes import RbStep
from rulekit.rulesets.riftbound.frames import ChainFrame, ChainItem, OpenFrame, ShowdownFrame
from rulekit.rulesets.riftbound.judging import acting_on_self, item_controller, zones_of

PLAYED_TIMINGS = (Timing.PRIORITY, Timing.ACTION)


def costs_of(ability: Ability, card: Card) -> tuple:
    """What is paid to play ``ability`` of ``card``: a spell's own Cost first (131, 357.1), then the
    ability's cost."""
    return (card_costs(card) if card.type == "spell" else ()) + ability.cost


def cost_failure(ability: Ability, state: GameState, controller: str, source: Card,
                 event: TriggeringCondition | None, costs: tuple | None = None) -> str | None:
    """``None`` if every instruction of the cost (``costs``, by default the ability's) can be paid
    now, else why not: a cost is paid in full or not at all (358.4, 405.2), so "exhaust me" cannot
    be paid by an exhausted unit, nor [2] from a Rune Pool with 1 Energy (357.1). Energy and Power
    costs are summed before they are checked. A Deathknell's "recycle me" is paid with its card in
    the trash (``rb.deathknell-me``)."""
    costs = ability.cost if costs is None else costs
    due: dict[str, int] = {}
    for instr in costs:
        if instr.do is Verb.PAY:
            due[instr.resource] = due.get(instr.resource, 0) + instr.amount
    pool = state.pool(controller)
    for resource, amount in due.items():
        pool = state.rules.spend(pool, resource, amount)
        if pool is None:
            return (f"its cost cannot be paid: {controller}'s Rune Pool has not enough {resource} "
                    f"(it holds {_pool_words(state.pool(controller))})")
    for instr in costs:
        if instr.do is Verb.PAY:
            continue
        me = source
        if instr.target is Target.SELF:
            me, instr = acting_on_self(state, source, ability, instr)
        targets = judge.changeable_targets(instr, state, controller, me, event)
        if not instr.target.is_player:     # paying must change something: an exhausted unit cannot be exhausted
            kind = VERB_EVENT[instr.do]
            targets = tuple(c for c in targets if occur.can_happen(kind, state, card=c, amount=instr.amount) is None)
        if not targets:
            target = "you" if instr.target.is_player else (source.title if instr.target is Target.SELF
                                                           else "a card it names")
            return f"its cost cannot be paid: nothing to {instr.do.value} ({target})"
    return None


def hidden(instr) -> bool:
    """Whether the instruction chooses among cards in a hidden zone (a hand, a deck): they are no
    targets (355.10.a), and it takes as many as there are, up to its number (422.4, 359.3.e.11)."""
    return instr.filter is not None and instr.filter.zone in HIDDEN_ZONES


def priority_verdict(state: GameState, card: Card, ability: Ability, player: str, chain: str | None) -> Verdict:
    """May ``player``, who has priority, play ``ability`` of ``card`` now? ``chain`` is the id of
    the Chain that exists (a Closed State), or ``None`` (an Open State). While a Chain exists only
    cards and abilities with Reaction may be played (309.1.a, 338.1.a)."""
    at = chain or "open"
    if ability.timing not in PLAYED_TIMINGS:
        return Verdict(card.obj, ability.id, at, Code.NOT_LISTENING, "it is triggered, not played with priority")
    if ability.timing is Timing.ACTION and chain is not None:
        return Verdict(card.obj, ability.id, at, Code.WRONG_TIMING,
                       "it has no Reaction: while a Chain exists only cards and abilities with Reaction can be "
                       "played (309.1.a)")
    if card.zone not in zones_of(state, card, ability):
        return Verdict(card.obj, ability.id, at, Code.NOT_ACTIVE, f"{card.title} is in the {card.zone}")
    me = item_controller(state, card) if card.zone in state.rules.in_play else card.owner
    if me != player:
        return Verdict(card.obj, ability.id, at, Code.NO_MATCH, f"{player} does not control {card.title}")
    why = judge.condition_failure(ability.condition, state, me, card)
    if why:
        return Verdict(card.obj, ability.id, at, Code.CONDITION_FALSE, why)
    costs = costs_of(ability, card)
    if costs:       # paid when the item is finalized, in full or not at all (357, 358.4, 404)
        why = cost_failure(ability, state, me, card, None, costs)
        if why:
            return Verdict(card.obj, ability.id, at, Code.COST_UNPAYABLE, why)
    for instr in ability.effect:
        if instr.target is Target.CHOSEN_ABILITY and chain is None:
            return Verdict(card.obj, ability.id, at, Code.NO_TARGET, "no ability on a Chain to choose")
        if (instr.target.is_chosen and instr.up_to is None and instr.target is not Target.CHOSEN_ABILITY
                and not instr.target.by_others and not hidden(instr)):
            # each player's own choice, cards in a hand or a deck: no targets, chosen as it resolves (355.10.a,
            # 355.10.e, 355.17)
            found = len(judge.changeable_targets(instr, state, me, card, None))
            if not found:
                return Verdict(card.obj, ability.id, at, Code.NO_TARGET, f"nothing to {instr.do.value}")
            if found < instr.picks:     # valid choices for all its targets (355.8, 402.2)
                return Verdict(card.obj, ability.id, at, Code.NO_TARGET,
                               f"only {found} legal targets to {instr.do.value}, {instr.picks} to choose")
    return Verdict(card.obj, ability.id, at, Code.ELIGIBLE)


def waiting_verdict(state: GameState, card: Card, ability: Ability, at: str) -> Verdict:
    """May ``ability`` of ``card`` be played while combat's Resolution Step is under way (``at``: the
    combat or the Chain waiting for it)? No one has priority then: the items wait, and no card or
    ability can be played until a task of the step is done (320.1, 335.1, 460.3; rule
    ``rb.resolution-step``)."""
    return Verdict(card.obj, ability.id, at, Code.WRONG_TIMING,
                   "no one has priority while combat's Resolution Step is under way: the items on the Chain wait, "
                   f"pending, until its task is done (320.1, 460.3; ruling rb.resolution-step="
                   f"{state.ruling('rb.resolution-step')})")


def playable(state: GameState, player: str, chain: str | None = "chain") -> list[tuple[Card, Ability]]:
    """Spells in hand and board abilities ``player`` may play with priority (with a Chain: only
    those with Reaction)."""
    out = []
    for cid in state.order:
        card = state.cards[cid]
        for ability in card.abilities:
            if ability.timing in PLAYED_TIMINGS and priority_verdict(state, card, ability, player, chain).usable:
                out.append((card, ability))
    return out


def advance_open(frame: OpenFrame, state: GameState, control: Control) -> Progress | Ask:
    """No Chain exists: the turn player may play a card or ability — Action or Reaction — or pass."""
    player = state.first_player
    options = playable(state, player, None)
    if not options:
        return Progress(state, control[:-1], "rulekit.auto-pass", RbStep.OPEN_PASS,
                        (("player", player), ("auto", True), ("window", frame.id)))
    key = AnswerKey(DecisionKind.ACT_OR_PASS, frame.id, player, frame.ordinal)
    return Ask(Decision(key, (PASS,) + tuple(ids.ability_ref(c.id, a.id) for c, a in options), PASS, "rb.reaction",
                        f"{player} has priority and no Chain exists: play a card or ability, or pass", state))


def answer_open(frame: OpenFrame, state: GameState, control: Control, option: str, verdicts=()) -> Progress:
    player = state.first_player
    if option == PASS:
        return Progress(state, control[:-1], "rb.reaction", RbStep.OPEN_PASS,
                        (("player", player), ("auto", False), ("window", frame.id)))
    chosen = ids.parse_use(option)
    card = state.cards[chosen.card]
    item = ChainItem(ids.chain_item(card.obj, chosen.ability, frame.id, frame.number), card.ability(chosen.ability),
                     card, player,
                     played=card.id if card.type == "spell" else None)
    if card.type == "spell":
        state = state.move(card.id, "chain")
    chain = ChainFrame(ids.chain(frame.id, frame.number), items=(item,))   # the player who made it acts first
    return Progress(state, control[:-1] + (replace(frame, number=frame.number + 1), chain), "rb.reaction",
                    RbStep.ADDS, (("player", player), ("item", item.id)))


def grants(timeline) -> tuple[str, ...]:
    """Every grant of priority in ``timeline``, in order, as the player who received it (312.2):

    - the turn player, each time the turn is in a Neutral Open State in their Main Phase (312.2.a,
      335.3) — once before a Chain starts, and again after each Chain ends;
    - in a Showdown, the player with Focus, at each opportunity Focus gives them (312.2.b, 313.2);
    - the controller of the newest item, once no item is pending (312.2.c, 337.1.c.3), and again
      after an item resolves while items remain (340.4);
    - the next player in turn order, when the player with priority passes (312.2.d) and not every
      player has yet passed in a row (339.2): the pass that completes the round leads to the
      newest item resolving (339.1), and nobody receives priority from it.

    Passes with nothing to play count like any other: the player received priority and passed.
    Finalizing an item does not pass priority (337.1.a), so it grants none."""
    out: list[str] = []
    for step in timeline:
        frame = step.parent.control[-1] if step.parent is not None and step.parent.control else None
        args = step.args_dict()
        if isinstance(frame, OpenFrame) and step.what in (RbStep.OPEN_PASS, RbStep.ADDS):
            out.append(step.before.first_player)
        elif isinstance(frame, ShowdownFrame) and step.what in (RbStep.SHOWDOWN_PASS, RbStep.ADDS):
            out.append(frame.focus)      # the player with Focus has priority in the Showdown (312.2.b, 313.2)
        elif step.what == RbStep.PRIORITY:
            out.append(args["player"])
        elif step.what == RbStep.PASS and args["passes"] < len(step.before.players):
            out.append(step.before.next_player(args["player"]))
    return tuple(out)
