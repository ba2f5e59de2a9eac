"""A Game of Thrones' abilities written as canonical card text (rule ``rulekit.card-text``): one
template per construct, in the game's printed style ("Reaction: After you win a [power] challenge,
~ gains 1 power. (Limit once per round.)"). What :func:`write` returns reads back to the same card;
what the templates cannot say is a :class:`~rulekit.core.cardtext.CardTextError` naming it."""
from __future__ import annotations

from rulekit.core.abilities import Ability, CardFilter, Condition, Timing, Trigger, Which, Who
from rulekit.core.cardtext import CardTextError, ReadCard, bare, restore
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import replace
from rulekit.rulesets.agot.cardtext.wording import EffectWords, Unworded, card_words, plural_s

TIMING_WORDS = {Timing.WOULD_INTERRUPT: "Interrupt", Timing.INTERRUPT: "Interrupt",
                Timing.FORCED_INTERRUPT: "Forced Interrupt", Timing.REACTION: "Reaction",
                Timing.FORCED_REACTION: "Forced Reaction"}
PASSIVE = {EventKind.KILLED: "killed", EventKind.DISCARDED: "discarded", EventKind.SACRIFICED: "sacrificed",
           EventKind.RETURNED_TO_HAND: "returned to hand"}
ACTIVE = {EventKind.LEAVES_PLAY: ("leaves play", "leave play"), EventKind.ENTERS_PLAY: ("enters play", "enter play"),
          EventKind.KNEELS: ("kneels", "kneel"), EventKind.STANDS: ("stands", "stand"),
          EventKind.GAINS_POWER: ("gains power", "gain power"), EventKind.STRENGTH_CHANGES: ("gets STR", "get STR"),
          EventKind.ATTACKS: ("is declared as an attacker", "are declared as attackers"),
          EventKind.DEFENDS: ("is declared as a defender", "are declared as defenders")}
HOW_WORDS = {"ambush": "ambushed", "marshal": "marshaled", "put into play": "put into play"}
ZONE_WORDS = ("dead pile", "discard pile", "hand")


def _verb(you: bool, base: str) -> str:
    """A player's verb: "you win", "an opponent wins"."""
    return base if you else base + ("es" if base.endswith("s") else "s")


def _player(who: Who) -> str:
    return {Who.YOU: "you", Who.OPPONENT: "an opponent", Who.ANY: "a player"}[who]


def _challenge(t: Trigger) -> str:
    words = []
    if t.unopposed is not None:
        words.append("unopposed" if t.unopposed else "opposed")
    if t.challenge:
        words.append(f"[{t.challenge}]")
    words.append("challenge")
    article = "an" if words[0][0].lower() in "aeiou" or words[0] == "[intrigue]" else "a"
    out = f"{article} {' '.join(words)}"
    if t.side:
        out += f" as the {t.side} player"
    if t.margin is not None:
        out += f" by {t.margin} or more STR"
    return out


def trigger_words(t: Trigger, would: bool) -> str:
    """The triggering condition (after "When" or "After")."""
    extra = [k for k in ("by", "nth", "turn") if getattr(t, k) is not None]
    if extra:
        raise Unworded(f"a triggering condition with {extra[0]}")
    events = t.events
    if t.event in (EventKind.WINS_CHALLENGE, EventKind.LOSES_CHALLENGE):
        if t.card is not None or t.how or set(events) - {EventKind.WINS_CHALLENGE, EventKind.LOSES_CHALLENGE}:
            raise Unworded("a challenge's result about a card")
        you = t.player is Who.YOU and not would
        verbs = " or ".join(_verb(you, "win" if e is EventKind.WINS_CHALLENGE else "lose") for e in events)
        return f"{_player(t.player)}{' would' if would else ''} {verbs} {_challenge(t)}"
    if t.challenge and t.event not in (EventKind.ATTACKS, EventKind.DEFENDS):
        raise Unworded("a challenge type on an event that is not a challenge's")
    if t.side or t.margin is not None or t.unopposed is not None:
        raise Unworded("a side, margin or unopposed on an event that is not a challenge's result")
    if t.or_events and t.event not in PASSIVE and t.event not in ACTIVE:
        raise Unworded("several events of that kind")
    player_events = {EventKind.WINS_DOMINANCE: ("win", "dominance"), EventKind.DRAWS: ("draw", "cards"),
                     EventKind.ADDS: ("gain", "gold"), EventKind.PAYS: ("pay", "gold")}
    you = t.player is Who.YOU or would
    w = " would" if would else ""
    if t.event in player_events:
        if t.card is not None or t.phase or t.how or t.one_or_more:
            raise Unworded("a player's event about a card")
        verb, rest = player_events[t.event]
        return f"{_player(t.player)}{w} {_verb(you, verb)} {rest}"
    if t.event is EventKind.INITIATES:
        if would or t.how or t.phase or t.one_or_more:
            raise Unworded("an initiation with more conditions")
        f = t.card
        if f == CardFilter(type="event"):
            return f"{_player(t.player)} {_verb(you, 'play')} an event"
        if f is None:
            return f"{_player(t.player)} {_verb(you, 'initiate')} an ability"
        if f == CardFilter(type=f.type) and f.type in ("character", "location", "attachment"):
            return f"{_player(t.player)} {_verb(you, 'initiate')} {card_words(f)}'s ability"
        raise Unworded("an initiation of that card's ability")
    if t.event in (EventKind.PHASE_BEGINS, EventKind.PHASE_ENDS):
        if t.card is not None or not t.phase or t.player is not Who.ANY:
            raise Unworded("a phase's beginning or end with a card or a player")
        edge = "begin" if t.event is EventKind.PHASE_BEGINS else "end"
        return f"the {t.phase} phase{w} {edge if would else edge + 's'}"
    if t.event is EventKind.ENTERS_PLAY and t.how == "marshal" and t.card is not None and not t.one_or_more \
            and t.card.which is Which.ANY and not t.or_events:
        return f"{_player(t.player)}{w} {_verb(you, 'marshal')} {card_words(t.card)}"
    if t.player is not Who.ANY:
        raise Unworded("a player named in a card's event")
    if t.phase:
        raise Unworded("a phase named in a card's event")
    if t.event is EventKind.POWER_DISCARDED:
        if t.or_events or t.one_or_more:
            raise Unworded("power discarded, with more")
        return f"power {'would be' if would else 'is'} discarded from {_card_subject(t.card)}"
    return _card_event(t, would)


def _card_subject(f: CardFilter | None, more: bool = False) -> str:
    f = f or CardFilter()
    if more:
        return card_words(f, "one or more", plural=True)
    if f == CardFilter(type="faction", controller=Who.YOU):
        return "your faction card"
    return card_words(f, "a")


def _card_event(t: Trigger, would: bool) -> str:
    f = t.card or CardFilter()
    from_play = ""
    if f.zone == "play area" and EventKind.DISCARDED in t.events:
        f, from_play = replace(f, zone=None), " from play"
    subject = _card_subject(f, t.one_or_more)
    plural = t.one_or_more
    parts = []
    for e in t.events:
        if e in PASSIVE:
            be = "be " if would else ("are " if plural else "is ")
            parts.append(be + PASSIVE[e] + (from_play if e is EventKind.DISCARDED else ""))
        elif e in ACTIVE:
            words = ACTIVE[e][1] if (plural or would) else ACTIVE[e][0]
            if e in (EventKind.ATTACKS, EventKind.DEFENDS) and would:
                words = "be declared as " + ("an attacker" if e is EventKind.ATTACKS else "a defender")
            parts.append(words)
        else:
            raise Unworded(f"the event {e.value!r}")
    out = f"{subject}{' would' if would else ''} {' or '.join(parts)}"
    if t.challenge:
        out += f" in {'an' if t.challenge == 'intrigue' else 'a'} [{t.challenge}] challenge"
    return out


def condition_words(c: Condition) -> str:
    """A condition after "if" or "while"."""
    if c.phase or c.total:
        raise Unworded("a condition on the phase or a total")
    if c.challenges is not None:
        h = c.challenges
        if c.count is not None:
            raise Unworded("a condition on challenges and cards")
        who = "you have" if h.player is Who.YOU else "an opponent has" if h.player is Who.OPPONENT else None
        if who is None:
            raise Unworded("challenges of any player")
        kind = f"[{h.type}] " if h.type else ""
        article = "an" if h.type == "intrigue" else "a"
        if c.at_most == 0 and c.at_least is None:
            return f"{who} not {h.result} {article} {kind}challenge this {h.this.value}"
        if c.at_most is not None or c.at_least is None:
            raise Unworded("challenges counted with an upper bound")
        what = f"{article} {kind}challenge" if c.at_least == 1 else f"{c.at_least} or more {kind}challenges"
        return f"{who} {h.result} {what} this {h.this.value}"
    if c.count is None or c.at_most is not None or c.at_least is None:
        raise Unworded("a condition that is not 'N or more' cards")
    f, n = c.count, c.at_least
    if f.zone == "hand" and f.owner is Who.YOU and f.controller is Who.ANY:
        return f"you have {card_words(f, 'a') if n == 1 else card_words(f, f'{n} or more', plural=True)}"
    if f.controller is Who.YOU:
        f = replace(f, controller=Who.ANY)
        return f"you control {card_words(f, 'a') if n == 1 else card_words(f, f'{n} or more', plural=True)}"
    if n == 1:
        return f"there is {card_words(f, 'a')}"
    return f"there are {card_words(f, f'{n} or more', plural=True)}"


def _effects(a: Ability, words: EffectWords) -> list[str]:
    """The body's sentences after its condition (cost "to" effects, "Then, …", delayed effects)."""
    groups: list[list] = [[]]
    delayed = []
    for ins in a.effect:
        if ins.do is Verb.DELAY:
            delayed.append(ins)
            continue
        if delayed:
            raise Unworded("an effect after a delayed effect")
        if ins.then and groups[0]:
            groups.append([])
        elif ins.then:
            raise Unworded("'Then' before any effect")
        groups[-1].append(ins)
    if len(delayed) > 1:
        raise Unworded("two delayed effects")
    sentences = []
    if groups[0]:
        cost = " and ".join(words.instruction(i, cost=True) for i in a.cost)
        main = _join([words.instruction(i, imperative=bool(cost) and k == 0) for k, i in enumerate(groups[0])])
        sentences.append(f"{cost} to {main}" if cost else main)
    elif a.cost:
        raise Unworded("a cost with no effect to pay it for")
    for g in groups[1:]:
        sentences.append("Then, " + _join([words.instruction(replace(i, then=False)) for i in g]))
    for d in delayed:
        if d.at is None or d.at.event not in (EventKind.PHASE_BEGINS, EventKind.PHASE_ENDS) or not d.at.phase \
                or d.at != Trigger(d.at.event, phase=d.at.phase) or d.filter is not None or d.target.value != "self":
            raise Unworded("a delayed effect other than at the beginning or end of a phase")
        edge = "beginning" if d.at.event is EventKind.PHASE_BEGINS else "end"
        later = _join([words.instruction(i) for i in d.later])
        sentences.append(f"at the {edge} of the {d.at.phase} phase, {later}")
    return sentences


def _join(parts: list[str]) -> str:
    if len(parts) <= 2:
        return " and ".join(parts) if len(parts) == 2 else parts[0]
    return ", ".join(parts[:-1]) + ", and " + parts[-1]


def _sentence(s: str) -> str:
    return s[0].upper() + s[1:] + "."


def _reminders(a: Ability) -> list[str]:
    out = []
    for name, lim in (("Limit", a.limit), ("Max", a.max)):
        if lim is not None:
            times = {1: "once", 2: "twice"}.get(lim.times, f"{lim.times} times") if name == "Limit" else lim.times
            out.append(f"({name} {times} per {lim.per.value}.)")
    if a.zones:
        if len(a.zones) != 1 or a.zones[0] not in ZONE_WORDS:
            raise Unworded(f"an ability that works from {', '.join(a.zones)}")
        out.append(f"(This ability may be initiated while ~ is in your {a.zones[0]}.)")
    if a.cannot_be_cancelled:
        out.append("(This ability cannot be cancelled.)")
    return out


def ability_words(a: Ability) -> str:
    """One ability as printed text."""
    if a.once_per_turn or a.optional or a.deathknell or a.active_if or a.legion:
        raise Unworded("a Riftbound keyword or 'you may' on an A Game of Thrones ability")
    if a.timing is Timing.CONSTANT:
        return _constant(a)
    if a.when is None and a.timing is not Timing.WHEN_REVEALED:
        raise Unworded("a triggered ability without a triggering condition")
    that = "that card"
    card = a.when.card if a.when is not None else None
    if card is not None and card.type in ("character", "location", "attachment"):
        that = f"that {card.type}"
    words = EffectWords(that)
    conditions = list(a.condition)
    head = ""
    if a.timing is Timing.WHEN_REVEALED:
        if a.when is not None:
            raise Unworded("a When Revealed ability with a triggering condition")
        head = "When Revealed: "
    else:
        if a.timing not in TIMING_WORDS:
            raise Unworded(f"the timing {a.timing.value!r}")
        would = a.timing is Timing.WOULD_INTERRUPT and a.when.event is not EventKind.INITIATES
        if a.timing is Timing.INTERRUPT and a.when.event is EventKind.INITIATES:
            raise Unworded("an interrupt to an initiation that is not a 'would' interrupt")
        when = a.when
        how = when.how if when.event is EventKind.ENTERS_PLAY and not (when.how == "marshal" and when.card is not None
                                                                      and when.card.which is Which.ANY) else None
        if how is not None:
            when = replace(when, how=None)
        tc = trigger_words(when, would)
        if conditions and conditions[0] == Condition(phase=conditions[0].phase) and conditions[0].phase \
                and a.when.card is not None and a.when.event not in (EventKind.INITIATES,):
            tc += f" during the {conditions.pop(0).phase} phase"
        first = "When" if "Interrupt" in TIMING_WORDS[a.timing] else "After"
        head = f"{TIMING_WORDS[a.timing]}: {first} {tc}, "
        if how is not None:
            if conditions:
                raise Unworded("a condition besides how the card entered play")
            head += f"if it was {HOW_WORDS[how]}, "
    if len(conditions) > 1:
        raise Unworded("more than one condition")
    cond = f"if {condition_words(conditions[0])}, " if conditions else ""
    sentences = _effects(a, words)
    first = head + cond + sentences[0]
    text = " ".join([first[0].upper() + first[1:] + "."] + [_sentence(s) for s in sentences[1:]] + _reminders(a))
    return text


def _constant(a: Ability) -> str:
    if a.when or a.cost or len(a.effect) != 1 or a.limit or a.max or a.zones or a.cannot_be_cancelled:
        raise Unworded("a constant ability with more than one restriction")
    ins = a.effect[0]
    verbs = {Verb.CANNOT_BE_KILLED: "killed", Verb.CANNOT_BE_SAVED: "saved", Verb.CANNOT_BE_CANCELLED: "cancelled"}
    if ins.do not in verbs or ins.then or ins.condition:
        raise Unworded(f"the constant ability {ins.do.value!r}")
    if ins.target.value == "self" and ins.filter is None:
        subject = "the abilities of ~" if ins.do is Verb.CANNOT_BE_CANCELLED else "~"
    elif ins.target.value == "each" and ins.filter is not None and ins.do is not Verb.CANNOT_BE_CANCELLED:
        subject = card_words(ins.filter, "", plural=True)
    else:
        raise Unworded("a constant ability on that target")
    if len(a.condition) > 1:
        raise Unworded("more than one condition")
    cond = f"while {condition_words(a.condition[0])}, " if a.condition else ""
    return _sentence(f"{cond}{subject} cannot be {verbs[ins.do]}")


#: the keywords that set a card field, by that field: "Terminal." (agot.attachment), "Pillage." (agot.pillage)
_KEYWORDS = {"terminal": "Terminal.", "pillage": "Pillage."}


def write(card: ReadCard, title: str) -> str:
    """``card`` as canonical text; a CardTextError if it has something the templates cannot say."""
    parts = []
    for name, value in card.fields:
        if name not in _KEYWORDS or value is not True:
            raise CardTextError(f"no keyword sets {name} = {value!r}")
        parts.append(_KEYWORDS[name])
    parts += [k if k.endswith(".") else f"{k}." for k in card.unmodelled]
    for a in card.abilities:
        try:
            parts.append(ability_words(a))
        except Unworded as e:
            raise CardTextError(f"cannot word the ability {a.id or a.timing.value!r}: {e}") from None
    text = restore(" ".join(parts), title)
    _check(card, text, title)
    return text


def _check(card: ReadCard, text: str, title: str) -> None:
    """What is written must read back to the same card: a wording that would read otherwise is refused."""
    from rulekit.rulesets.agot.cardtext.reader import read
    again = read(text, title)
    if [_as_read(a) for a in again.abilities] != [_as_read(a) for a in card.abilities] or again.fields != card.fields:
        raise CardTextError(f"the canonical wording {text!r} would read as another ability")


def _as_read(a: Ability) -> Ability:
    """``a`` as the text says it: ids and wording aside, and a triggering condition's empty filter
    (any card) the same as none."""
    a = bare(a)
    if a.when is not None and a.when.card == CardFilter():
        a = replace(a, when=replace(a.when, card=None))
    return a
