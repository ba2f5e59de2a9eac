"""Riftbound's printed card text read into abilities (rule ``rulekit.card-text``): the grammar's
tree (``grammar.lark``) turned into the scenario model, one ability per printed ability, each with
its own words as ``text``. A phrase the grammar reads but whose meaning rulekit does not take (a
keyword it does not know, "instead" outside a replacement) refuses the card, naming the phrase."""
from __future__ import annotations

import functools
from pathlib import Path

from lark import Token, v_args
from lark.exceptions import UnexpectedInput, VisitError

from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Which, Who
from rulekit.core.cardtext import CardTextError, ReadCard, ability_ids, prepare, restore
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import replace
from rulekit.rulesets.riftbound.cardtext import phrases
from rulekit.rulesets.riftbound.cardtext.parts import NP, Clause, Event, Paid, Parts, Unread, keyword, \
    made_token, resources

GRAMMAR = str(Path(__file__).with_name("grammar.lark"))


def read(text: str, title: str) -> ReadCard:
    """The abilities, keyword fields and unmodelled keywords of a Riftbound card's printed text."""
    prepared = prepare(text, title)
    if not prepared.text.strip():
        return ReadCard()
    try:
        tree = _parser().parse(prepared.text)
    except UnexpectedInput as e:
        at = getattr(e, "pos_in_stream", None)
        at = len(prepared.text) if at is None or at < 0 else at
        raise CardTextError.unread(text, prepared.original(at), phrases.WORDINGS) from None
    try:
        items = _Reader(prepared.text, title).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, Unread):
            raise CardTextError.unread(text, prepared.original(e.orig_exc.pos), phrases.WORDINGS,
                                       e.orig_exc.why) from None
        raise
    abilities = tuple(i for i in items if isinstance(i, Ability))
    keywords = tuple(i[1] for i in items if isinstance(i, tuple) and i[0] == "keyword")
    if len(set(keywords)) != len(keywords):
        raise CardTextError.unread(text, 0, phrases.WORDINGS, "a keyword is printed once")
    from rulekit.rulesets.riftbound.cards import CARRIED
    return ReadCard(abilities=ability_ids(abilities), fields=(("keywords", keywords),) if keywords else (),
                    unmodelled=tuple(k for k in keywords if k in CARRIED))


@functools.cache
def _parser():
    """The grammar's parser: LALR(1) with a contextual lexer (the grammar is written to be
    deterministic), a few milliseconds a card where a general parser took tens; its tables built
    once per installation and kept as JSON (:mod:`rulekit.core.lalrcache`)."""
    from rulekit.core.lalrcache import lalr_parser       # its tables kept in the user's cache (JSON)
    return lalr_parser(Path(GRAMMAR).read_text(encoding="utf-8"), start="card", lexer="contextual",
                       propagate_positions=True, maybe_placeholders=False)


def _kind(x, tag):
    return isinstance(x, tuple) and len(x) > 0 and x[0] == tag


class _Reader(Parts):
    def __init__(self, text: str, title: str):
        super().__init__(visit_tokens=True)
        self.text, self.title = text, title

    def _words(self, meta) -> str:
        return restore(self.text[meta.start_pos:meta.end_pos], self.title).strip()

    # -- the card and its abilities ----------------------------------------------------------------
    def card(self, c):
        return c

    def keyword_line(self, c):
        return ("keyword", keyword(c[0]))

    def legion(self, c): return ("legion",)
    def once(self, c): return ("once",)

    def zones(self, c):
        return ("zones", (str(c[-1]).lower(),))

    def me_subj(self, c): return "self"
    def me_be(self, c): return "self"
    def may(self, c): return ("may",)
    def lead_cond(self, c): return ("condition", c[0])
    def while_cond(self, c): return ("condition", c[0])

    @staticmethod
    def _prefixes(c) -> dict:
        return dict(legion=any(_kind(x, "legion") for x in c), once_per_turn=any(_kind(x, "once") for x in c),
                    zones=next((x[1] for x in c if _kind(x, "zones")), ()),
                    condition=tuple(x[1] for x in c if _kind(x, "condition")))

    @v_args(meta=True)
    def triggered(self, meta, c):
        trigger = next(x for x in c if isinstance(x, Trigger))
        return self._ability(meta, Timing.TRIGGERED, c, when=trigger)

    @v_args(meta=True)
    def deathknell(self, meta, c):
        return self._ability(meta, Timing.TRIGGERED, c, when=Trigger(EventKind.KILLED), deathknell=True)

    @v_args(meta=True)
    def replacement(self, meta, c):
        who = c[1] if _kind(c[0], "zones") else c[0]
        card = CardFilter(which=Which.SELF) if who == "self" else _subject(who)
        body = c[-1]
        if body["optional"] or body["cost"]:
            raise Unread(body["pos"], "a replacement printed on a card applies: no 'you may' and no cost")
        return self._ability(meta, Timing.REPLACEMENT, c, when=Trigger(EventKind.KILLED, card), instead=True)

    @v_args(meta=True)
    def reaction(self, meta, c):
        return self._ability(meta, Timing.PRIORITY, c)

    @v_args(meta=True)
    def action(self, meta, c):
        return self._ability(meta, Timing.ACTION, c)

    @v_args(meta=True)
    def spell(self, meta, c):
        return self._ability(meta, Timing.ACTION, [dict(optional=False, cost=(), clauses=c[0])])

    def perm_reaction(self, c): return ("timing", Timing.PRIORITY)
    def perm_action(self, c): return ("timing", Timing.ACTION)

    @v_args(meta=True)
    def activated(self, meta, c):
        timing = next((x[1] for x in c if _kind(x, "timing")), Timing.ACTION)
        body = dict(c[-1], cost=tuple(c[0]) + tuple(c[-1]["cost"]))
        return self._ability(meta, timing, c[:-1] + [body])

    def _ability(self, meta, timing, c, instead=False, **more) -> Ability:
        body = c[-1]
        effect = _effect(body["clauses"], instead, meta.start_pos)
        prefixes = self._prefixes(c[:-1])
        if not prefixes["zones"] and not more.get("deathknell"):
            prefixes["zones"] = _plays_me_from(effect)
        return Ability(id=timing.value.replace(" ", "-"), timing=timing, effect=effect, cost=body["cost"],
                       optional=body["optional"], text=self._words(meta), **prefixes, **more)

    # -- bodies -------------------------------------------------------------------------------------
    @v_args(meta=True)
    def body(self, meta, c):
        clauses = c[-1]
        paid = clauses[0] if clauses and isinstance(clauses[0], Paid) else None
        if paid is None:
            return dict(optional=_kind(c[0], "may"), cost=(), clauses=clauses, pos=meta.start_pos)
        cost = tuple(i for x in paid.costs for i in _cost(x, paid.pos))
        return dict(optional=False, cost=cost, clauses=clauses[1:], pos=meta.start_pos)

    # -- triggers -----------------------------------------------------------------------------------
    @v_args(meta=True)
    def when_trigger(self, meta, c):
        return _with_turn(c[0], c[1:], meta).trigger()

    @v_args(meta=True)
    def at_start(self, meta, c):
        phase, whose = c[0]
        return _with_turn(Event(EventKind.PHASE_BEGINS, phase=phase, turn=whose), c[1:], meta).trigger()

    def at_end(self, c):
        return Trigger(EventKind.PHASE_BEGINS, phase=phrases.ENDING, turn=c[0])

    @v_args(meta=True)
    def nth_trigger(self, meta, c):
        return _with_turn(c[1], c[2:], meta).trigger(nth=phrases.ORDINALS[str(c[0]).lower()])

    # -- effects --------------------------------------------------------------------------------------
    def effects(self, c):
        out = []
        for sentence in c:
            out.extend(sentence if isinstance(sentence, list) else [sentence])
        return out

    @v_args(meta=True)
    def clauses(self, meta, c):
        if len(c) == 2:                      # item "to" effects: the item is a cost
            return [Paid([c[0]], meta.start_pos)] + c[-1]
        rest = c[-1] if isinstance(c[-1], list) else []
        if rest and isinstance(rest[0], Paid):
            return [Paid([c[0]] + rest[0].costs, meta.start_pos)] + rest[1:]
        return [c[0]] + rest
    def joiner(self, c):
        return None

    def clause(self, c):
        if isinstance(c[0], Clause):
            return c[0]
        instrs = c[0] if isinstance(c[0], list) else [c[0]]
        instead = next((x for x in c if isinstance(x, Token) and x.type == "INSTEAD"), None)
        cond = next((x[1] for x in c if _kind(x, "trail")), None)
        if cond is not None:
            instrs = [replace(i, condition=i.condition + (cond,)) for i in instrs]
        return Clause(instrs, instead is not None, instead.start_pos if instead is not None else 0)

    def trail_cond(self, c): return ("trail", c[0])

    def grant_clause(self, c):
        target = c[0]
        granted = next(x for x in c if isinstance(x, Ability))
        return Clause([Parts._targeted(Verb.GRANT, target, grant=granted)])

    @v_args(meta=True)
    def replace_chosen(self, meta, c):
        np: NP = c[0]
        if np.det not in ("a", "another"):
            raise Unread(np.pos, "'Choose' names one card: 'Choose a friendly unit.'")
        return Clause([Instruction(Verb.REPLACE, Target.CHOSEN, filter=np.filter(), this_turn=_this_turn(c),
                                   instead=_effect(c[-1], True, meta.start_pos))])

    @v_args(meta=True)
    def replace_self(self, meta, c):
        return Clause([Instruction(Verb.REPLACE, Target.SELF, this_turn=_this_turn(c),
                                   instead=_effect(c[-1], True, meta.start_pos))])

    def look_top(self, c):
        return Clause([_not_modelled(f"look at the top {phrases.number(c[0])} cards of your Main Deck", False)])

    def look_reorder(self, c):
        return Clause([_not_modelled(f"look at the top {phrases.number(c[0])} cards of your Main Deck and put "
                                     "them back in any order", True)])

    # -- instructions ---------------------------------------------------------------------------------
    def i_draw(self, c): return Instruction(Verb.DRAW, Target.YOU, amount=phrases.number(c[0]))
    def i_draw_might(self, c): return Instruction(Verb.DRAW, Target.YOU, amount_of=c[0])
    def of_that(self, c): return "that card's might"
    def of_self(self, c): return "this card's might"

    def i_discard_random(self, c):
        return Instruction(Verb.DISCARD, Target.RANDOM, CardFilter(zone="hand", owner=Who.YOU), phrases.number(c[0]))

    def i_opponent_discards(self, c):
        return Instruction(Verb.DISCARD, Target.RANDOM, CardFilter(zone="hand", owner=Who.OPPONENT),
                           phrases.number(c[0]))

    def i_damage(self, c): return Parts._targeted(Verb.DEAL_DAMAGE, c[1], amount=phrases.number(c[0]))

    def i_spend_buff(self, c):
        return Instruction(Verb.SPEND_BUFF, Target.SELF if c[0] == "this card's might" else Target.THAT_CARD)

    def i_might(self, c):
        this_turn = any(isinstance(x, Token) and x.type == "THIS_TURN" for x in c)
        return Parts._targeted(Verb.GIVE_MIGHT, c[0], amount=int(str(c[1])), this_turn=this_turn)

    def might_word(self, c): return None
    def i_move_base(self, c): return Parts._targeted(Verb.MOVE, c[0], to="base")
    def i_return(self, c): return Parts._targeted(Verb.RETURN_TO_HAND, c[0])
    def i_shuffle(self, c): return Instruction(Verb.SHUFFLE, Target.YOU)
    def i_opponent_shuffles(self, c): return Instruction(Verb.SHUFFLE, Target.OPPONENT)
    def i_add(self, c): return [Instruction(Verb.ADD, Target.YOU, amount=n, resource=r) for r, n in c[0]]
    def i_pay(self, c): return [Instruction(Verb.PAY, Target.YOU, amount=n, resource=r) for r, n in c[0]]
    def i_channel(self, c): return Instruction(Verb.CHANNEL, Target.YOU, amount=phrases.number(c[0]))
    def i_control_ability(self, c): return Instruction(Verb.TAKE_CONTROL, Target.CHOSEN_ABILITY)
    def i_look_hand(self, c): return _not_modelled("look at an opponent's hand", False)
    def resources(self, c): return resources(c)

    def token_count(self, c): return ("count", phrases.number(c[0]) if c else 1)
    def token_might(self, c): return ("might", phrases.number(c[0]))
    def token_keywords(self, c): return ("keywords", tuple(keyword(k) for k in c))
    def into(self, c): return "base"
    def into_here(self, c): return "here"

    def i_token(self, c):
        token, count, to = made_token(c)
        return Instruction(Verb.CREATE, Target.SELF, amount=count, token=token, to=to)

    # -- an effect that plays a card (rule rb.play-effect) --------------------------------------------
    def pn_unit(self, c): return "unit"
    def pn_gear(self, c): return "gear"
    def pn_spell(self, c): return "spell"
    def play_from(self, c): return ("from", str(c[-1]).lower())
    def pt_here(self, c): return ("to", "here")
    def pt_base(self, c): return ("to", "base")

    def i_play(self, c):
        """"Play me (from your trash)", "play it here": the card the ability names."""
        zone = _part(c, "from")
        return Instruction(Verb.PLAY, Target.SELF if c[0].type == "PLAY_ME" else Target.THAT_CARD,
                           CardFilter(zone=zone) if zone else None, to=_part(c, "to"), ignoring=_ignoring(c))

    def i_play_chosen(self, c):
        """"Play a unit from your hand (to your base)": one of its controller's cards there."""
        return Instruction(Verb.PLAY, Target.CHOSEN, CardFilter(type=c[0], zone=_part(c, "from"), owner=Who.YOU),
                           to=_part(c, "to"), ignoring=_ignoring(c))

    # -- costs before ':' (376): symbols ------------------------------------------------------------
    def cost_symbols(self, c):
        return [i for x in c for i in (x if isinstance(x, list) else [x])]

    def k_exhaust_symbol(self, c): return Instruction(Verb.EXHAUST, Target.SELF)
    def k_pay_symbols(self, c): return self.i_pay(c)


#: what a triggered ability's cost may be ("exhaust me to …", "pay [R] to …", 383.3.b)
_COSTS = {Verb.EXHAUST: Target.SELF, Verb.KILL: Target.SELF, Verb.SPEND_BUFF: Target.SELF,
          Verb.RECYCLE: Target.SELF, Verb.PAY: Target.YOU}


def _cost(clause: Clause, pos: int) -> list[Instruction]:
    """A clause before "to" as a cost: its own card exhausted, killed, recycled or its buff spent, or
    resources paid."""
    for i in clause.instructions:
        if clause.instead or i.condition or _COSTS.get(i.do) is not i.target or i.filter is not None:
            raise Unread(pos, "a cost is 'exhaust me', 'kill this', 'spend my buff', 'recycle me' or 'pay [1]'")
    return clause.instructions

def _subject(np) -> CardFilter:
    if not isinstance(np, NP) or np.det not in ("a", "another"):
        raise Unread(getattr(np, "pos", 0), "a replacement names 'I', or 'a' or 'another' card")
    return np.filter()


def _with_turn(event: Event, rest, meta) -> Event:
    turn = next((x[1] for x in rest if _kind(x, "turn")), None)
    if turn is not None:
        if event.turn is not None and event.turn is not turn:
            raise Unread(meta.start_pos, "the text names two different turns")
        event.turn = turn
    return event


def _effect(clauses, instead: bool, pos: int) -> tuple[Instruction, ...]:
    """The instructions of an ability's clauses; "instead" belongs to a replacement (once) only, and
    a cost ("… to …") comes first in a triggered ability."""
    paid = next((c for c in clauses if isinstance(c, Paid)), None)
    if paid is not None:
        raise Unread(paid.pos, "a cost ('exhaust me to …') opens a triggered ability's instructions")
    said = sum(1 for c in clauses if c.instead)
    if instead and said != 1:
        raise Unread(pos, "a replacement says 'instead' once: 'If a friendly unit would die, recall it instead.'")
    if not instead and said:
        raise Unread(next(c.pos for c in clauses if c.instead),
                     "'instead' is read in a replacement: 'If … would die, … instead' or 'The next time … "
                     "would die, … instead'")
    return tuple(i for c in clauses for i in c.instructions)


def _part(c, name: str):
    """The value of a ``(name, value)`` part of an instruction, or ``None``."""
    return next((x[1] for x in c if _kind(x, name)), None)


def _ignoring(c) -> str | None:
    """", ignoring its cost" (Energy and Power), "its Energy cost", "its Power cost" (356.1.b)."""
    said = next((str(x) for x in c if isinstance(x, Token) and x.type == "IGNORING"), None)
    if said is None:
        return None
    said = said.lower()
    return next((words for words in ("energy cost", "power cost") if said.endswith(words)), "cost")


def _plays_me_from(effect) -> tuple[str, ...]:
    """"Play me from your trash" says where the ability works (385.2): the zone its card is played from."""
    return tuple(dict.fromkeys(i.filter.zone for i in effect if i.do is Verb.PLAY and i.target is Target.SELF
                               and i.filter is not None and i.filter.zone))


def _not_modelled(text: str, changes_state: bool) -> Instruction:
    return Instruction(Verb.NOT_MODELLED, Target.SELF, text=text, changes_state=changes_state)


def _this_turn(c) -> bool:
    """Whether "the next time … would die" says "this turn" (its replacement expires with the turn)."""
    return any(isinstance(x, Token) and x.type == "THIS_TURN" for x in c)
