"""The card and player phrases of A Game of Thrones' card text, read from the grammar's tree: which
cards a phrase names ("a kneeling Knight character you control", "each other character", "~",
"attached character", "that character", "it"), and the conditions a text states ("if you control a
Greyjoy location", "if you have not lost a challenge this round"). Rules Reference "Faction",
"Neutral", "Unique Cards", "Strength", "Power", "Traits", "Attachment Cards"."""
from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree

from rulekit.core.abilities import Bounds, ChallengeCount, CardFilter, Condition, Period, Posture, Which, Who
from rulekit.core.frozen import replace
from rulekit.rulesets.agot.factions import FACTION_CARD, FACTIONS


class Refusal(Exception):
    """A phrase the grammar parsed but rulekit does not read as written: ``pos`` in the prepared
    text, ``why`` what is wrong (turned into a CardTextError by the reader)."""

    def __init__(self, pos: int, why: str):
        super().__init__(why)
        self.pos = pos
        self.why = why


def pos_of(item, default: int = 0) -> int:
    if isinstance(item, Token):
        return item.start_pos or 0
    if isinstance(item, Tree) and not item.meta.empty:
        return item.meta.start_pos
    return default


#: a card phrase: how it names its cards (``kind``) and what they must be (``filter``)
#: kinds: self, pronoun, that, attached, a (one to choose), each, extreme (the highest / lowest, chosen),
#: plural (no article: "Characters your opponents control"), more (one or more / N or more), your (your
#: faction card: the one card of its kind a player has)
@dataclass(frozen=True)
class Ref:
    kind: str
    filter: CardFilter | None = None
    count: int = 1
    pos: int = 0
    noun: str | None = None


NOUNS = {"character": "character", "location": "location", "attachment": "attachment", "event": "event",
         "card": None}


def noun_type(word: str) -> tuple[str | None, bool]:
    """The card type a noun names (``card``: any) and whether it is plural."""
    w = word.lower()
    plural = w.endswith("s")
    return NOUNS[w[:-1] if plural else w], plural


def _name_filter(name: str) -> CardFilter:
    return CardFilter(faction=name) if name in FACTIONS else CardFilter(trait=name)


CONTROLLERS = {"you control": Who.YOU, "they control": Who.YOU, "an opponent controls": Who.OPPONENT,
               "your opponents control": Who.OPPONENT, "opponents control": Who.OPPONENT}


class CardPhrases:
    """Transformer callbacks of the card phrases (mixed into the reader's transformer)."""

    def self_ref(self, meta, c):
        return Ref("self", CardFilter(which=Which.SELF), pos=meta.start_pos)

    def pronoun_ref(self, meta, c):
        return Ref("pronoun", pos=meta.start_pos)

    def that_ref(self, meta, c):
        kind, _ = noun_type(c[0])
        return Ref("that", pos=meta.start_pos, noun=kind)

    def attached_ref(self, meta, c):
        kind, plural = noun_type(c[0])
        if plural:
            raise Refusal(meta.start_pos, "'attached' names one card")
        return Ref("attached", CardFilter(which=Which.ATTACHED, type=kind), pos=meta.start_pos)

    def your_faction(self, meta, c):
        return Ref("your", CardFilter(type=FACTION_CARD, controller=Who.YOU), pos=meta.start_pos)

    def opponent_faction(self, meta, c):
        return Ref("a", CardFilter(type=FACTION_CARD, controller=Who.OPPONENT), pos=meta.start_pos)

    def names(self, meta, c):
        return [str(t) for t in c]

    def noun(self, meta, c):
        return noun_type(c[0])

    def controlled(self, meta, c):
        return {"controller": CONTROLLERS[" ".join(str(c[0]).lower().split())]}

    def str_bound(self, meta, c):
        n, bound = int(c[0]), str(c[1]).lower()
        return {"strength": Bounds(at_most=n) if bound in ("lower", "less") else Bounds(at_least=n)}

    def str_than(self, meta, c):
        bound, ref = str(c[0]).lower(), c[1]
        if ref.kind == "self":
            other = "self"
        elif ref.kind in ("that", "pronoun"):
            other = "that card"
        else:
            raise Refusal(meta.start_pos, "STR is compared with this card or that character")
        if bound in ("lower", "less"):
            return {"strength": Bounds(lower_than=other)}
        return {"strength": Bounds(higher_than=other)}

    def power_bound(self, meta, c):
        return {"power": Bounds(at_least=int(c[0]))}

    def entered(self, meta, c):
        return {"entered": f"this {str(c[0]).lower()}"}

    def in_hand(self, meta, c):
        return {"owner": Who.YOU, "zone": "hand"}

    def described(self, meta, c):
        det, count, fields, kind, plural = None, 1, {}, None, False
        names: list[str] = []
        for item in c:
            if isinstance(item, Token):
                word = " ".join(str(item).lower().split())
                if item.type == "DET":
                    det = word
                elif item.type == "QUANT":
                    det, count = "more", int(word.split()[0])
                elif item.type == "POSTURE":
                    fields["posture"] = Posture(word)
                elif item.type == "UNIQUE":
                    fields["unique"] = word == "unique"
                elif item.type == "CHALLENGE_STATE":
                    fields["challenge"] = word
            elif isinstance(item, list):
                names = item
            elif isinstance(item, tuple):
                kind, plural = item
                fields["type"] = kind
            elif isinstance(item, dict):
                if set(item) & set(fields):
                    raise Refusal(meta.start_pos, "one condition on the cards said twice")
                fields.update(item)
        if len(names) == 1:
            fields.update(_name_fields(names[0]))
        elif len(names) == 2:
            fields["any_of"] = (_name_filter(names[0]), _name_filter(names[1]))
        return _ref_of(det, count, plural, fields, meta.start_pos)

    def extreme(self, meta, c):
        which = str(c[0]).lower()
        kind, plural = c[1]
        fields = {"type": kind, which: "strength"}
        for item in c[2:]:
            fields.update(item)
        if plural:
            raise Refusal(meta.start_pos, f"'the {which} STR' names one card")
        return Ref("a", CardFilter(**fields), pos=meta.start_pos)


def _name_fields(name: str) -> dict:
    return {"faction": name} if name in FACTIONS else {"trait": name}


def _ref_of(det, count, plural, fields, pos) -> Ref:
    if det in ("a", "an", "another"):
        if plural:
            raise Refusal(pos, f"'{det}' goes with one card, not several")
        if det == "another":
            fields["which"] = Which.OTHER
        return Ref("a", CardFilter(**fields), pos=pos)
    if det in ("each", "each other"):
        if plural:
            raise Refusal(pos, "'each' goes with one card: 'each character'")
        if det == "each other":
            fields["which"] = Which.OTHER
        return Ref("each", CardFilter(**fields), pos=pos)
    if det in ("one or more", "more"):
        if not plural:
            raise Refusal(pos, "'one or more' goes with several cards: 'one or more characters'")
        return Ref("more", CardFilter(**fields), count=1 if det == "one or more" else count, pos=pos)
    if not plural:
        raise Refusal(pos, "a card is named with an article: 'a character', 'each character'")
    return Ref("plural", CardFilter(**fields), pos=pos)


def with_fields(ref: Ref, **fields) -> Ref:
    return replace(ref, filter=replace(ref.filter or CardFilter(), **fields))


@dataclass
class Context:
    """What a pronoun or "that character" of an effect stands for: the card the triggering condition
    is about (``that card``), this card, or the card a "Choose …." sentence chose."""

    pronoun: str = "self"              # "self" or "that card"
    chosen: CardFilter | None = None
    used_chosen: list = field(default_factory=list)


class ConditionPhrases:
    """Transformer callbacks of the conditions ("if …", "while …")."""

    def control_cond(self, meta, c):
        ref = c[0]
        return _count(ref, meta.start_pos, controller=Who.YOU)

    def have_cond(self, meta, c):
        ref = c[0]
        if ref.filter is None or ref.filter.zone is None:
            raise Refusal(meta.start_pos, "'if you have …' reads cards in your hand: 'a card in your hand'")
        return _count(ref, meta.start_pos)

    def there_cond(self, meta, c):
        return _count(c[0], meta.start_pos)

    def opponent(self, meta, c):
        return Who.OPPONENT

    def history_who(self, meta, c):
        return Who.YOU

    def one_challenge(self, meta, c):
        return (1, str(c[0])[1:-1].lower() if c else None)

    def n_challenges(self, meta, c):
        return (int(c[0]), str(c[1])[1:-1].lower() if len(c) > 1 else None)

    def history_cond(self, meta, c):
        who = c[0] if isinstance(c[0], Who) else Who.YOU
        rest = [x for x in c[1:] if isinstance(x, Token)]
        negated = any(t.type == "NOT" for t in rest)
        result = next(str(t).lower() for t in rest if t.type == "RESULT_PAST")
        period = Period(next(str(t).lower() for t in rest if t.type == "PERIOD"))
        n, kind = next(x for x in c if isinstance(x, tuple))
        if negated and n != 1:
            raise Refusal(meta.start_pos, "'not' goes with 'a challenge'")
        count = ChallengeCount(result=result, player=who, this=period, type=kind)
        return Condition(challenges=count, at_most=0) if negated else Condition(challenges=count, at_least=n)

    def how_cond(self, meta, c):
        word = str(c[0]).lower()
        return ("how", {"ambushed": "ambush", "marshaled": "marshal", "marshalled": "marshal"}.get(word, word))

    def cond(self, meta, c):
        return c[0]


def _count(ref: Ref, pos: int, **fields) -> Condition:
    if ref.kind not in ("a", "more"):
        raise Refusal(pos, "a condition counts cards: 'a Knight character', '2 or more characters'")
    f = ref.filter or CardFilter()
    for k, v in fields.items():
        if getattr(f, k) not in (v, getattr(CardFilter(), k)):
            raise Refusal(pos, f"the cards counted are said to be both {getattr(f, k)} and {v}")
    return Condition(count=replace(f, **fields), at_least=ref.count)
