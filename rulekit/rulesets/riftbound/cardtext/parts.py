"""The parts of a Riftbound card text below an ability, read from the grammar's tree: cards
(filters composed from a determiner, adjectives, a noun and what follows it), targets, events,
conditions, costs and instructions (rule ``rulekit.card-text``). :mod:`.reader` puts them
together into abilities."""
from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Transformer, v_args

from rulekit.core.abilities import CardFilter, Condition, Instruction, Posture, Target, Token as MadeToken, \
    Trigger, Which, Who
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import replace
from rulekit.rulesets.riftbound.cardtext import phrases


class Unread(Exception):
    """A phrase the grammar parsed whose meaning rulekit does not take: where, and why."""

    def __init__(self, pos: int, why: str):
        super().__init__(why)
        self.pos, self.why = pos, why


@dataclass
class NP:
    """A card phrase: its determiner ("a", "another", "each", "this", "up to N") and its filter."""

    det: str
    fields: dict
    up_to: int | None = None
    pos: int = 0

    def filter(self) -> CardFilter | None:
        f = dict(self.fields)
        if self.det == "another":
            _put(f, "which", Which.OTHER, self.pos)
        elif self.det == "this":
            _put(f, "which", Which.SELF, self.pos)
        return CardFilter(**f) if f else None


@dataclass
class Clause:
    """Instructions one clause says, and whether it says "instead"."""

    instructions: list
    instead: bool = False
    pos: int = 0            # where it says "instead"


@dataclass
class Paid:
    """The clauses before "to" in "exhaust me to draw 1": the ability's cost."""

    costs: list
    pos: int = 0


@dataclass
class Event:
    """A triggering condition as read: its event, card filter, player and the card whose effect does it."""

    kind: EventKind
    card: CardFilter | None = None
    player: Who = Who.ANY
    by: CardFilter | None = None
    phase: str | None = None
    turn: Who | None = None
    extra: dict = field(default_factory=dict)

    def trigger(self, **more) -> Trigger:
        return Trigger(self.kind, self.card, player=self.player, by=self.by, phase=self.phase, turn=self.turn, **more)


def _put(fields: dict, name: str, value, pos: int) -> None:
    if name in fields and fields[name] != value:
        raise Unread(pos, f"the card phrase says two things of its {name}")
    fields[name] = value


def _pos(meta) -> int:
    return getattr(meta, "start_pos", 0) if not getattr(meta, "empty", True) else 0


def _self() -> CardFilter:
    return CardFilter(which=Which.SELF)


def resources(tokens) -> list[tuple[str, int]]:
    """``[2]`` → Energy 2; ``[R][R]`` → Fury Power 2 (runs of one symbol summed)."""
    out: list[tuple[str, int]] = []
    for t in tokens:
        text = str(t)[1:-1]
        name, n = ("energy", int(text)) if text.isdigit() else (phrases.POWER_SYMBOLS[text], 1)
        if out and out[-1][0] == name and name != "energy":
            out[-1] = (name, out[-1][1] + n)
        else:
            out.append((name, n))
    return out


_FILTER_WORDS = {
    "f_friendly": ("controller", Who.YOU), "f_enemy": ("controller", Who.OPPONENT), "f_other": ("which", Which.OTHER),
    "f_buffed": ("buffed", True), "f_unbuffed": ("buffed", False), "f_ready": ("posture", Posture.STANDING),
    "f_exhausted": ("posture", Posture.KNEELING), "f_attacker": ("combat", "attacker"),
    "f_defender": ("combat", "defender"), "f_here": ("here", True), "f_battlefield": ("zone", "battlefield"),
    "f_base": ("zone", "base"), "f_in_combat": ("combat", "in combat"), "f_you_control": ("controller", Who.YOU),
    "f_opponent_controls": ("controller", Who.OPPONENT),
    "n_unit": ("type", "unit"), "n_gear": ("type", "gear"), "n_rune": ("type", "rune"), "n_spell": ("type", "spell"),
    "n_card": (None, None),
}
_STATES = {"s_buffed": ("buffed", True), "s_unbuffed": ("buffed", False), "s_attacker": ("combat", "attacker"),
           "s_defender": ("combat", "defender"), "s_combat": ("combat", "in combat"),
           "s_battlefield": ("zone", "battlefield"), "s_base": ("zone", "base"),
           "s_exhausted": ("posture", Posture.KNEELING), "s_ready": ("posture", Posture.STANDING)}
_SIMPLE = {"i_kill": Verb.KILL, "i_ready": Verb.READY, "i_exhaust": Verb.EXHAUST, "i_buff": Verb.BUFF,
           "i_recall": Verb.RECALL, "i_control": Verb.TAKE_CONTROL, "i_recycle": Verb.RECYCLE}


class Parts(Transformer):
    """Everything below an ability; the reader's transformer extends it."""

    # -- card phrases ----------------------------------------------------------------------------
    def __default__(self, data, children, meta):
        if data in _FILTER_WORDS:
            return ("word", _FILTER_WORDS[data], _pos(meta))
        if data in _STATES:
            return ("state", _STATES[data])
        if data in phrases.VERB_EVENTS:
            dest = children[0] if data == "v_moves" and children else None
            return ("verb", phrases.VERB_EVENTS[data], dest)
        if data in phrases.ACTOR_EVENTS:
            return ("act", phrases.ACTOR_EVENTS[data])
        if data in _SIMPLE:
            return self._targeted(_SIMPLE[data], children[0])
        return super().__default__(data, children, meta)

    @v_args(meta=True)
    def f_tag(self, meta, c):
        return ("word", ("trait", str(c[0])), _pos(meta))

    @v_args(meta=True)
    def f_not_tag(self, meta, c):
        return ("word", ("not_trait", str(c[0])), _pos(meta))

    @v_args(meta=True)
    def f_keyword(self, meta, c):
        return ("word", ("keyword", keyword(c[0])), _pos(meta))

    def d_a(self, c): return ("det", "a", None)
    def d_another(self, c): return ("det", "another", None)
    def d_this(self, c): return ("det", "this", None)
    def d_each(self, c): return ("det", "each", None)
    def d_up_to(self, c): return ("det", "up to", phrases.number(c[0]))

    @v_args(meta=True)
    def np(self, meta, c):
        _, det, n = c[0]
        return NP(det, self._fields(c[1:]), n, _pos(meta))

    @v_args(meta=True)
    def bare_np(self, meta, c):
        return NP("", self._fields(c), None, _pos(meta))

    @staticmethod
    def _fields(words) -> dict:
        fields: dict = {}
        for _, (name, value), pos in words:
            if name is not None:
                _put(fields, name, value, pos)
        return fields

    def self_obj(self, c): return "self"
    def that_obj(self, c): return "that"
    def self_word(self, c): return "self"

    # -- targets -----------------------------------------------------------------------------------
    def t_self(self, c): return dict(target=Target.SELF)
    def t_that(self, c): return dict(target=Target.THAT_CARD)

    def t_chosen(self, c):
        np: NP = c[0]
        if np.det == "this":
            raise Unread(np.pos, "an instruction names its own card as 'me' or 'this', not 'this unit'")
        if np.det == "each":
            return dict(target=Target.EACH, filter=np.filter())
        return dict(target=Target.CHOSEN, filter=np.filter(), up_to=np.up_to)

    def t_random(self, c):
        np: NP = c[0]
        if np.det not in ("a", "another"):
            raise Unread(np.pos, "'at random' is read after 'a' or 'another' card phrase")
        return dict(target=Target.RANDOM, filter=np.filter())

    @staticmethod
    def _targeted(verb: Verb, target: dict, **more) -> Instruction:
        return Instruction(verb, **{k: v for k, v in target.items() if v is not None}, **more)

    # -- conditions ----------------------------------------------------------------------------------
    def at_least(self, c): return dict(at_least=phrases.number(c[0]))
    def at_most(self, c): return dict(at_most=phrases.number(c[0]))
    def none(self, c): return dict(at_most=0)

    def c_self(self, c):
        name, value = c[-1][1]
        return Condition(count=CardFilter(which=Which.SELF, **{name: value}), at_least=1)

    def c_count(self, c):
        who, bounds, np = c
        fields = dict(np.fields)
        _put(fields, "controller", who, np.pos)
        return Condition(count=CardFilter(**fields), **bounds)

    def c_hand(self, c):
        return Condition(count=CardFilter(zone="hand", owner=Who.YOU), **c[0])

    def p_you(self, c): return Who.YOU
    def p_opponent(self, c): return Who.OPPONENT
    def p_any(self, c): return Who.ANY

    # -- events --------------------------------------------------------------------------------------
    def to_battlefield(self, c): return "battlefield"
    def to_base(self, c): return "base"
    def here_obj(self, c): return "here"

    @v_args(meta=True)
    def ev_me(self, meta, c):
        _, kind, dest = c[-1]
        card = _self()
        if kind in (EventKind.CONQUERS, EventKind.HOLDS):     # "I conquer": you, at the battlefield I'm at
            return Event(kind, CardFilter(here=True), player=Who.YOU)
        if dest is not None:
            card = replace(card, zone=dest)
        return Event(kind, card)

    @v_args(meta=True)
    def ev_np(self, meta, c):
        subject, (_, kind, dest) = c[0], c[-1]
        if kind in (EventKind.CONQUERS, EventKind.HOLDS):
            raise Unread(_pos(meta), "a battlefield is conquered or held by a player: 'When you conquer'")
        card = _self() if subject == "self" else _trigger_filter(subject)
        if dest is not None:
            card = replace(card or CardFilter(), zone=dest)
        return Event(kind, card)

    @v_args(meta=True)
    def ev_actor(self, meta, c):
        who, (_, kind) = c[0], c[1]
        obj = c[2] if len(c) > 2 else None
        card = None
        if obj == "self":
            card = _self()
        elif obj == "here":
            if kind not in (EventKind.CONQUERS, EventKind.HOLDS):
                raise Unread(_pos(meta), "'here' is what a player conquers or holds")
            card = _self()
        elif obj is not None:
            card = _trigger_filter(obj)
        if kind in (EventKind.PLAYED, EventKind.CHANNELED, EventKind.KNEELS) and obj is None:
            raise Unread(_pos(meta), "say what is played, channeled or exhausted")
        if kind in (EventKind.PAYS, EventKind.DRAWS) and obj is not None:
            raise Unread(_pos(meta), "a player pays or draws; no card follows")
        if kind is EventKind.KNEELS:
            return Event(kind, card, by=CardFilter(controller=who) if who is not Who.ANY else None)
        if kind is EventKind.PLAYED and card is not None and card.which is Which.SELF and who is Who.YOU:
            return Event(kind, card)     # only my controller plays me: "you" is no condition of it
        return Event(kind, card, player=who)

    def ev_phase(self, c):
        phase, whose = c[0]
        return Event(EventKind.PHASE_BEGINS, phase=phase, turn=whose)

    def whose_you(self, c): return Who.YOU
    def whose_opponent(self, c): return Who.OPPONENT
    def whose_any(self, c): return None

    def phase_ref(self, c):
        return (str(c[1]).lower() if len(c) > 1 else None), c[0]

    def turn_you(self, c): return ("turn", Who.YOU)
    def turn_opponent(self, c): return ("turn", Who.OPPONENT)


def _trigger_filter(np: NP) -> CardFilter | None:
    if np.det not in ("a", "another", "this"):
        raise Unread(np.pos, "a triggering condition names 'a', 'another' or 'this' card")
    return np.filter()


def keyword(token: Token) -> str:
    """A keyword rulekit knows (``[Tank]``, "with Temporary"), or the phrase is refused."""
    from rulekit.rulesets.riftbound.cards import KEYWORDS
    word = str(token)
    if word not in KEYWORDS:
        raise Unread(token.start_pos or 0, f"{word!r} is not a Riftbound keyword rulekit knows")
    return word


def made_token(c) -> tuple[MadeToken, int, str | None]:
    """"play two 1 Might Recruit unit tokens into your base" (or "here"): the token (its name is its
    tag), how many, and where."""
    count, ready, might, name, kind, keywords, to = 1, False, 0, None, "unit", (), None
    for x in c:
        if isinstance(x, Token) and x.type == "READY":
            ready = True
        elif isinstance(x, Token) and x.type == "TAG":
            name = str(x)
        elif isinstance(x, Token) and x.type == "TOKEN_TYPE":
            kind = "gear" if str(x).lower().startswith("gear") else "unit"
        elif isinstance(x, tuple) and x[0] == "count":
            count = x[1]
        elif isinstance(x, tuple) and x[0] == "might":
            might = x[1]
        elif isinstance(x, tuple) and x[0] == "keywords":
            keywords = x[1]
        elif x in ("base", "here"):
            to = x
    return MadeToken(title=name, type=kind, might=might, traits=(name,), ready=ready, keywords=keywords), count, to
