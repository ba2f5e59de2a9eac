"""Canonical wording of A Game of Thrones' card phrases and effects, in the game's printed templates
("a kneeling Knight character you control", "choose and kill …", "~ gains 1 power", "each character
you control gets +1 STR until the end of the phase"): the phrases :mod:`.reader` reads back to the
same cards and instructions. What the templates cannot say is a :class:`Unworded`."""
from __future__ import annotations

from rulekit.core.abilities import Bounds, CardFilter, Instruction, Target, Which, Who
from rulekit.core.events import Verb
from rulekit.core.frozen import replace
from rulekit.rulesets.agot.factions import FACTION_CARD


class Unworded(Exception):
    """Something of an ability the printed templates have no wording for."""


_PLAIN = CardFilter()
NOUN_OF = {None: "card", "character": "character", "location": "location", "attachment": "attachment",
           "event": "event"}
ACT_VERBS = {Verb.KILL: "kill", Verb.KNEEL: "kneel", Verb.STAND: "stand", Verb.SACRIFICE: "sacrifice",
             Verb.DISCARD: "discard"}


def plural_s(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _names(f: CardFilter) -> list[str]:
    if f.any_of:
        if f.faction or f.trait or len(f.any_of) != 2:
            raise Unworded("an 'or' of two factions or traits, and nothing else")
        out = []
        for alt in f.any_of:
            if alt.faction and not alt.trait and _only(alt, "faction"):
                out.append(alt.faction)
            elif alt.trait and _only(alt, "trait"):
                out.append(alt.trait)
            else:
                raise Unworded("an 'or' of anything but single factions or traits")
        return [" or ".join(out)]
    if f.faction and f.trait:
        raise Unworded("a faction and a trait together")
    return [n for n in (f.faction, f.trait) if n]


def _only(f: CardFilter, name: str) -> bool:
    return all(getattr(f, k) == getattr(_PLAIN, k) for k in CardFilter.__dataclass_fields__ if k != name)


def _bounds(f: CardFilter, ref_noun: str) -> list[str]:
    out = []
    if f.strength is not None:
        s = f.strength
        set_ = [k for k in Bounds.__dataclass_fields__ if getattr(s, k) is not None]
        if len(set_) != 1:
            raise Unworded("one bound on STR")
        if s.at_most is not None:
            out.append(f"with STR {s.at_most} or lower")
        elif s.at_least is not None:
            out.append(f"with STR {s.at_least} or higher")
        else:
            other = "~" if (s.lower_than or s.higher_than) == "self" else ref_noun
            out.append(f"with {'lower' if s.lower_than else 'higher'} STR than {other}")
    if f.power is not None:
        p = f.power
        if p.at_least is None or any(getattr(p, k) is not None for k in ("at_most", "lower_than", "higher_than")):
            raise Unworded("power bounded as 'with N or more power'")
        out.append(f"with {p.at_least} or more power")
    return out


def card_words(f: CardFilter, det: str = "a", plural: bool = False, that_noun: str = "that character",
               controller_words: dict | None = None) -> str:
    """A card phrase for ``f``: ``det`` is a, each, one or more, N or more, or '' (plural, no article)."""
    if f.which is Which.SELF:
        if f != CardFilter(which=Which.SELF):
            raise Unworded("this card with more conditions on it")
        return "~"
    if f.which is Which.ATTACHED:
        if f != CardFilter(which=Which.ATTACHED, type=f.type, controller=f.controller):
            raise Unworded("attached card with more conditions on it")
        mine = {Who.YOU: " you control", Who.OPPONENT: " an opponent controls", Who.ANY: ""}[f.controller]
        return f"attached {NOUN_OF[f.type]}{mine}"
    if f.type == FACTION_CARD:
        if f == CardFilter(type=FACTION_CARD, controller=Who.YOU) and det == "each":
            return "your faction card"
        if f == CardFilter(type=FACTION_CARD, controller=Who.OPPONENT) and det == "a":
            return "an opponent's faction card"
        raise Unworded("a faction card other than 'your faction card' or 'an opponent's faction card'")
    if f.lowest or f.highest:
        if det != "a" or (f.lowest and f.highest):
            raise Unworded("'the highest STR …' names one card to choose")
    pre = []
    if f.posture is not None:
        pre.append(f.posture.value)
    if f.unique is not None:
        pre.append("unique" if f.unique else "non-unique")
    if f.challenge:
        pre.append(f.challenge)
    pre += _names(f)
    noun = NOUN_OF.get(f.type)
    if noun is None:
        raise Unworded(f"cards of type {f.type!r}")
    post = []
    words = controller_words or {Who.YOU: "you control", Who.OPPONENT: "your opponents control" if plural
                                 else "an opponent controls"}
    if f.controller is not Who.ANY:
        post.append(words[f.controller])
    post += _bounds(f, that_noun)
    if f.entered:
        post.append(f"that entered play {f.entered}")
    if f.zone == "hand" and f.owner is Who.YOU:
        post.append("in your hand")
    elif f.zone is not None or f.owner is not Who.ANY:
        raise Unworded(f"cards in {f.zone or 'a zone'} of {f.owner.value}")
    for name in ("title", "not_title", "not_trait", "id", "combat", "top", "buffed", "keyword"):
        if getattr(f, name) not in (None, False):
            raise Unworded(f"a filter on {name}")
    if f.here:
        raise Unworded("'here'")
    if f.which is Which.OTHER:
        if det in ("a", "each"):
            det = {"a": "another", "each": "each other"}[det]
        elif det.endswith("or more"):
            pre.insert(0, "other")
        else:
            raise Unworded("'other' cards without a number")
    body = " ".join(pre + [noun + ("s" if plural else "")] + post)
    if f.lowest or f.highest:
        if pre or f.which is not Which.ANY or (f.lowest or f.highest) != "strength":
            raise Unworded("'the highest STR …' with more words before it")
        return f"the {'lowest' if f.lowest else 'highest'} STR " + " ".join([noun] + post)
    if det == "a":
        det = "an" if body[0].lower() in "aeiou" else "a"
    return f"{det} {body}".strip()


class EffectWords:
    """Instructions worded for one ability: ``that`` is its words for "that card" (the card its
    triggering condition is about)."""

    def __init__(self, that: str):
        self.that = that

    def target(self, ins: Instruction, det_each: str = "each", instead: bool = False) -> str:
        t = ins.target
        if t is Target.SELF and ins.filter is None:
            return "~"
        if t is Target.THAT_CARD and ins.filter is None:
            return "it" if instead else self.that
        if t is Target.CHOSEN:
            return card_words(ins.filter or _PLAIN, "a", that_noun=self.that)
        if t is Target.EACH:
            return card_words(ins.filter or _PLAIN, det_each, that_noun=self.that)
        raise Unworded(f"the target {t.value!r} of {ins.do.value!r}")

    def instruction(self, ins: Instruction, cost: bool = False, instead: bool = False, imperative: bool = False) -> str:
        """The instruction's words; ``imperative``: as the order "to" introduces after a cost ("to have each
        opponent draw 1 card", "to give ~ +1 STR")."""
        if ins.condition or ins.amount_of or ins.up_to or ins.grant or ins.token or ins.this_turn:
            raise Unworded(f"{ins.do.value!r} with a condition, a count or a grant of its own")
        v, n = ins.do, ins.amount
        if v is Verb.DRAW and ins.filter is None:
            if ins.target is Target.YOU:
                return f"draw {plural_s(n, 'card')}"
            if ins.target is Target.OPPONENT:
                return f"{'have each opponent draw' if imperative else 'each opponent draws'} {plural_s(n, 'card')}"
        if v in (Verb.ADD, Verb.PAY) and ins.target is Target.YOU and ins.resource == "gold" and ins.filter is None:
            return f"{'gain' if v is Verb.ADD else 'pay'} {n} gold"
        if v is Verb.DISCARD and ins.target is Target.RANDOM:
            if ins.filter == CardFilter(owner=Who.YOU, zone="hand"):
                return f"discard {plural_s(n, 'card')} at random from your hand"
            if ins.filter == CardFilter(owner=Who.OPPONENT, zone="hand"):
                who = "have each opponent discard" if imperative else "each opponent discards"
                return f"{who} {plural_s(n, 'card')} at random from his or her hand"
        if v in ACT_VERBS and n == 1 and ins.target is not Target.RANDOM:
            unsaved = " (cannot be saved)" if ins.cannot_be_saved else ""
            if ins.target is Target.EACH_PLAYER:
                f = ins.filter or _PLAIN
                choose = "have each player choose" if imperative else "each player chooses"
                return (f"{choose} {card_words(f, 'a', controller_words={Who.YOU: 'they control'})} "
                        f"and {ACT_VERBS[v]}{'' if imperative else 's'} it{unsaved}")
            where = " from play" if v is Verb.DISCARD else ""
            if ins.target is Target.CHOSEN and not cost:
                return f"choose and {ACT_VERBS[v]} {self.target(ins)}{where}{unsaved}"
            return f"{ACT_VERBS[v]} {self.target(ins, instead=instead)}{where}{unsaved}"
        if ins.cannot_be_saved:
            raise Unworded("'(cannot be saved)' on anything but a kill or a discard")
        if v is Verb.GAIN_POWER:
            subject = self.target(ins, instead=instead)
            if imperative:
                return f"have {subject} gain {n} power"
            return f"{subject} gains {n} power"
        if v is Verb.GIVE_STRENGTH:
            until = f" until the end of the {ins.until}" if ins.until else ""
            signed = f"{'+' if n >= 0 else '-'}{abs(n)} STR{until}"
            if imperative:
                return f"give {self.target(ins, instead=instead)} {signed}"
            return f"{self.target(ins, instead=instead)} gets {signed}"
        if v is Verb.RETURN_TO_HAND:
            return f"return {self.target(ins, instead=instead)} to its owner's hand"
        if v is Verb.PUT_INTO_PLAY:
            f = ins.filter
            if ins.target is Target.CHOSEN and f is not None and f.zone == "draw deck" and f.owner is Who.YOU:
                found = card_words(replace(f, zone=None, owner=Who.ANY), "a")
                return f"search your deck for {found}, put it into play"
            return f"put {self.target(ins, instead=instead)} into play"
        if v is Verb.MOVE_POWER and ins.to == "your faction card":
            return f"move {n} power from {self.target(ins)} to your faction card"
        if v is Verb.DISCARD_POWER:
            return f"discard {n} power from {self.target(ins)}"
        if v is Verb.SHUFFLE and ins.target is Target.YOU and n == 1:
            return "shuffle your deck"
        if v is Verb.CANCEL and ins.target is Target.THAT_EFFECT:
            return "cancel its effects"
        if v is Verb.SAVE and ins.target is Target.THAT_CARD:
            return "save it"
        if v is Verb.NOT_MODELLED and ins.text:
            return ins.text
        if v is Verb.REPLACE and ins.target is Target.THAT_CARD and len(ins.instead) == 1:
            return f"{self.instruction(ins.instead[0], instead=True)} instead"
        raise Unworded(f"{v.value!r} as this instruction has it")
