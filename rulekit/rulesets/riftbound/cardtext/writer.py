"""A Riftbound card written as canonical text (rule ``rulekit.card-text``): one sentence template
per construct, in the game's printed style, so that what is written reads back to the same card.
An ability part with no printed wording is a :class:`~rulekit.core.cardtext.CardTextError`."""
from __future__ import annotations

from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Which, Who
from rulekit.core.cardtext import ReadCard, restore
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import replace
from rulekit.rulesets.riftbound.cardtext import phrases
from rulekit.rulesets.riftbound.cardtext.wording import card_phrase, condition, symbols, target, token, unprintable


def write(card: ReadCard, title: str) -> str:
    """``card``'s canonical text: its keywords (``[Tank]``), then each ability."""
    keywords = dict(card.fields).get("keywords", ())
    parts = [f"[{k}]" for k in keywords] + [ability(a) for a in card.abilities]
    return restore(" ".join(parts), title)


def _cap(words: str) -> str:
    return words[:1].upper() + words[1:]


def ability(a: Ability) -> str:
    """One ability: its prefixes ([Legion], where it works, once each turn), then its template."""
    prefix = "[Legion] " if a.legion else ""
    if a.zones:
        if len(a.zones) != 1 or a.zones[0] not in phrases.OFF_BOARD:
            raise unprintable(f"zones {a.zones}", f"an ability says it works in one of {phrases.OFF_BOARD}")
        if a.deathknell or not _plays_me_from(a, a.zones[0]):     # "play me from your trash" says it already
            prefix += f"While I'm in your {a.zones[0]}, "
    if a.once_per_turn:
        prefix += "Once each turn, " if not prefix.endswith(", ") else "once each turn, "
    core = _core(a)
    return prefix + (core[:1].lower() + core[1:] if prefix.endswith(", ") and core.startswith(("When", "At",
                                                                                            "The ")) else core)


def _core(a: Ability) -> str:
    unsupported = [n for n in ("limit", "max", "cannot_be_cancelled", "active_if") if getattr(a, n)]
    if unsupported:
        raise unprintable(f"the ability's {', '.join(unsupported)}", "Riftbound prints no such limit")
    if a.timing is Timing.REPLACEMENT:
        return _replacement(a)
    if a.timing is Timing.TRIGGERED:
        lead = f"If {condition(a.condition[0])}, " if a.condition else ""
        if len(a.condition) > 1:
            raise unprintable("several conditions", "one condition follows the trigger")
        if a.deathknell:
            if a.when != Trigger(EventKind.KILLED):
                raise unprintable(f"a Deathknell on {a.when}", "Deathknell is 'when I die'")
            return f"Deathknell — {_cap(lead + _body(a))}"
        if a.when is None:
            raise unprintable("a triggered ability without a trigger", "it says when")
        return f"{trigger(a.when)}, {lead[:1].lower() + lead[1:]}{_body(a)}"
    if a.timing in (Timing.PRIORITY, Timing.ACTION):
        if a.when is not None or a.condition or a.optional or a.deathknell:
            raise unprintable(f"a {a.timing.value} ability with a trigger, condition or 'you may'",
                              "it is used with priority")
        word = "Reaction" if a.timing is Timing.PRIORITY else "Action"
        if a.cost:
            head = ", ".join(_cost_symbol(c) for c in a.cost) + ": "
            return head + (f"{word} — " if a.timing is Timing.PRIORITY else "") + _cap(effects(a.effect))
        return f"{word} — {_cap(effects(a.effect))}"
    raise unprintable(f"the timing {a.timing.value!r}", "Riftbound's timings are triggered, reaction, action, "
                                                          "replacement")


def _replacement(a: Ability) -> str:
    t = a.when
    if t is None or t.event is not EventKind.KILLED or t != Trigger(EventKind.KILLED, t.card):
        raise unprintable(f"the replacement of {t}", "a printed replacement replaces a death ('would die')")
    if a.optional or a.cost or a.deathknell or len(a.condition) > 1:
        raise unprintable("a replacement with 'you may', a cost or several conditions", "it simply applies")
    who = "I" if t.card == _SELF else "a card" if t.card is None else card_phrase(t.card, "a")
    cond = f" while {condition(a.condition[0])}" if a.condition else ""
    return f"If {who} would die{cond}, {_instead(a.effect)}."


def _instead(instrs) -> str:
    """Instructions that happen instead, in one sentence: "exhaust it and recall it instead"."""
    if not instrs or any(i.do in (Verb.REPLACE, Verb.NOT_MODELLED, Verb.GRANT) for i in instrs):
        raise unprintable("these instructions instead of a death", "one sentence of plain instructions")
    words = [instruction(i, object_word="me") for i in instrs]
    last = instrs[-1]
    if last.condition:
        words[-1] = instruction(replace(last, condition=()), object_word="me") + " instead" + _conds(last)
    else:
        words[-1] += " instead"
    return " and ".join(words)


def _body(a: Ability) -> str:
    if a.optional and a.cost:
        raise unprintable("'you may' with a cost", "a cost in a triggered ability is already its controller's "
                                                   "choice ('you may pay [1] to draw 1': rb.trigger-cost)")
    if a.cost:
        return "you may " + " and ".join(_cost(c) for c in a.cost) + " to " + effects(a.effect)
    return ("you may " if a.optional else "") + effects(a.effect)


_SELF = CardFilter(which=Which.SELF)       # "I", "me"
_HERE = CardFilter(here=True)              # "I conquer": the battlefield I'm at


# -- triggers -------------------------------------------------------------------------------------
def trigger(t: Trigger) -> str:
    """"When …", "At the start of …", "At the end of your turn", "The first time … each turn"."""
    extra = [n for n in ("challenge", "side", "margin", "unopposed", "how") if getattr(t, n) is not None]
    if extra or t.one_or_more or t.or_events:
        raise unprintable(f"the trigger {t}", "Riftbound prints one event per trigger")
    turn = {None: "", Who.YOU: " on your turn", Who.OPPONENT: " on an opponent's turn"}[t.turn]
    if t.event is EventKind.PHASE_BEGINS:
        if t.card is not None or t.player is not Who.ANY or t.by is not None:
            raise unprintable(f"the trigger {t}", "a phase begins: no card or player is its subject")
        if t.nth is not None:
            return f"The {phrases.ORDINAL_NAMES[t.nth]} time {_phase(t, 'a')} begins each turn"
        if t.phase == phrases.ENDING:
            return "At the end of " + {None: "each turn", Who.YOU: "your turn", Who.OPPONENT: "an opponent's turn"}[
                t.turn]
        return f"At the start of {_phase(t, 'each')}"
    if t.nth is not None:
        if t.nth not in phrases.ORDINAL_NAMES:
            raise unprintable(f"the {t.nth}th time", "first to fifth")
        return f"The {phrases.ORDINAL_NAMES[t.nth]} time {event(t)} each turn{turn}"
    return f"When {event(t)}{turn}"


def _phase(t: Trigger, any_word: str) -> str:
    if t.phase is not None and t.phase not in phrases.PHASES:
        raise unprintable(f"the phase {t.phase!r}", f"one of {', '.join(phrases.PHASES)}")
    whose = {None: any_word, Who.YOU: "your", Who.OPPONENT: "an opponent's"}[t.turn]
    return f"{whose} {t.phase.capitalize() + ' ' if t.phase else ''}{'Phase' if t.phase else 'phase'}"


_ACTORS = {Who.YOU: "you", Who.OPPONENT: "an opponent", Who.ANY: "a player"}


def event(t: Trigger) -> str:
    """The event a trigger names, with its subject: "I attack", "a friendly unit dies", "you play a gear"."""
    kind, card, player = t.event, t.card, t.player
    if kind in (EventKind.CONQUERS, EventKind.HOLDS):
        verb = phrases.ACTOR_VERBS[kind]
        if card == _HERE and player is Who.YOU:
            return f"I {verb[0]}"
        where = "" if card is None else " here" if card == _SELF else None
        if where is None or t.by is not None:
            raise unprintable(f"the trigger {t}", "'I conquer', 'you conquer', 'you conquer here'")
        return f"{_ACTORS[player]} {verb[0] if player is Who.YOU else verb[1]}{where}"
    if kind in (EventKind.PAYS, EventKind.DRAWS):
        if card is not None or t.by is not None:
            raise unprintable(f"the trigger {t}", "a player pays or draws; no card is its subject")
        verb = phrases.ACTOR_VERBS[kind]
        return f"{_ACTORS[player]} {verb[0] if player is Who.YOU else verb[1]}"
    if kind is EventKind.KNEELS and t.by is not None:
        if t.by.controller is Who.ANY or t.by != type(t.by)(controller=t.by.controller) or player is not Who.ANY:
            raise unprintable(f"the trigger {t}", "'you exhaust …' or 'an opponent exhausts …'")
        return f"{_ACTORS[t.by.controller]} {'exhaust' if t.by.controller is Who.YOU else 'exhausts'} {_object(card)}"
    if t.by is not None:
        raise unprintable(f"the trigger {t}", "only an exhausting names who does it")
    if kind in (EventKind.PLAYED, EventKind.CHANNELED):
        verb = phrases.ACTOR_VERBS[kind]
        if kind is EventKind.PLAYED and player is Who.ANY and card is not None and card.which is Which.SELF:
            return f"you play {_object(card)}"
        if player is not Who.ANY:
            if kind is EventKind.PLAYED and player is Who.YOU and card is not None and card.which is Which.SELF:
                raise unprintable(f"the trigger {t}", "'you play me' needs no player: only my controller plays me")
            return f"{_ACTORS[player]} {verb[0] if player is Who.YOU else verb[1]} {_object(card)}"
    elif player is not Who.ANY:
        raise unprintable(f"the trigger {t}", f"a player is not named for {kind.value}")
    dest = ""
    if kind is EventKind.MOVES and card is not None and card.zone is not None:
        dest = {"battlefield": " to a battlefield", "base": " to your base"}.get(card.zone)
        if dest is None:
            raise unprintable(f"the trigger {t}", "a unit moves to a battlefield or to your base")
        card = replace(card, zone=None)
    if kind in phrases.PARTICIPLES or kind is EventKind.DAMAGED:
        participle = "dealt damage" if kind is EventKind.DAMAGED else phrases.PARTICIPLES[kind]
        return ("I'm " if card == _SELF else f"{_subject(card)} is ") + participle
    if kind in phrases.FIRST_PERSON:
        if card == _SELF:
            return f"I {phrases.FIRST_PERSON[kind]}{dest}"
        return f"{_subject(card)} {phrases.THIRD_PERSON[kind]}{dest}"
    raise unprintable(f"the event {kind.value!r}", "Riftbound's card texts here do not name it")


def _subject(card) -> str:
    return "a card" if card is None else card_phrase(card, "a")


def _object(card) -> str:
    return "me" if card == _SELF else _subject(card)


# -- effects ----------------------------------------------------------------------------------------
def effects(instrs) -> str:
    """Instructions as sentences: each its own ("Discard 1 at random. Draw 2."); a grant ends its
    sentence at its closing quote."""
    if not instrs:
        raise unprintable("an ability without instructions", "it does something")
    out = []
    for i in instrs:
        words = _sentence(i)
        out.append(words if not out else _cap(words))
    return " ".join(out)


def _sentence(i: Instruction) -> str:
    if i.do is Verb.REPLACE:
        if i.condition:
            raise unprintable("a condition on 'the next time … would die'", "no printed wording")
        turn = " this turn" if i.this_turn else ""
        if i.target is Target.CHOSEN and i.up_to is None:
            return f"choose {card_phrase(i.filter, 'a')}. The next time it would die{turn}, {_instead(i.instead)}."
        if i.target is Target.SELF and i.filter is None:
            return f"the next time I would die{turn}, {_instead(i.instead)}."
        raise unprintable(f"the replacement {i}", "'Choose a unit. The next time it would die, …'")
    if i.do is Verb.NOT_MODELLED:
        return _not_modelled(i)
    if i.do is Verb.GRANT:
        if i.condition or i.grant is None:
            raise unprintable(f"the grant {i}", "a grant gives one quoted ability, unconditionally")
        return f"give {target(i)} \"{ability(i.grant)}\""
    return instruction(i) + _conds(i) + "."


def _conds(i: Instruction) -> str:
    if len(i.condition) > 1:
        raise unprintable("several conditions on one instruction", "one 'if'")
    return f" if {condition(i.condition[0])}" if i.condition else ""


_LOOK_TOP = ("look at the top ", " cards of your Main Deck")
_REORDER = " and put them back in any order"


def _not_modelled(i: Instruction) -> str:
    """The effects the reader names as not modelled, in the words it gives them: looking changes
    nothing; putting cards back in any order may change the deck."""
    text = i.text or ""
    reorder = text.endswith(_REORDER)
    top = text.removesuffix(_REORDER) if reorder else text
    count = top.removeprefix(_LOOK_TOP[0]).removesuffix(_LOOK_TOP[1])
    looks_at_top = top != count and count.isdigit() and top == f"{_LOOK_TOP[0]}{count}{_LOOK_TOP[1]}"
    known = (looks_at_top and reorder == i.changes_state) or (
        text == "look at an opponent's hand" and not i.changes_state)
    if not known or i.condition or i.filter is not None:
        raise unprintable(f"the effect not modelled {text!r}", "its words are not one of the texts rulekit names")
    return text + "."


_PLAIN = {Verb.KILL: "kill", Verb.READY: "ready", Verb.EXHAUST: "exhaust", Verb.BUFF: "buff", Verb.RECALL: "recall",
          Verb.RECYCLE: "recycle"}


def instruction(i: Instruction, object_word: str = "me") -> str:
    """One instruction's words, lower case, without its condition: "deal 2 to an enemy unit"."""
    d = i.do
    plain = i.amount == 1 and i.amount_of is None and i.resource is None and i.token is None and i.to is None
    if d is Verb.DRAW and i.target is Target.YOU and i.filter is None and i.to is None:
        if i.amount_of is not None:
            of = {"that card's might": "its", "this card's might": "my"}.get(i.amount_of)
            if of is None or i.amount != 1:
                raise unprintable(f"draw {i.amount_of}", "its or my Might")
            return f"draw cards equal to {of} Might"
        return f"draw {i.amount}"
    if d is Verb.DISCARD and i.target is Target.RANDOM and i.filter is not None and i.amount_of is None:
        f = i.filter
        if f == type(f)(zone="hand", owner=Who.YOU):
            return f"discard {i.amount} at random"
        if f == type(f)(zone="hand", owner=Who.OPPONENT):
            return f"each opponent discards {i.amount} at random"
    if d is Verb.DEAL_DAMAGE and i.amount_of is None and i.target is not Target.RANDOM:
        return f"deal {i.amount} to {target(replace(i, amount=1), object_word=object_word)}"
    if d in _PLAIN and plain:
        return f"{_PLAIN[d]} {target(i, object_word=object_word)}"
    if d is Verb.TAKE_CONTROL and plain:
        if i.target is Target.CHOSEN_ABILITY and i.filter is None:
            return "gain control of a triggered ability"
        return f"gain control of {target(i, object_word=object_word)}"
    if d is Verb.SPEND_BUFF and plain and i.filter is None and i.target in (Target.SELF, Target.THAT_CARD):
        return "spend my buff" if i.target is Target.SELF else "spend its buff"
    if d is Verb.GIVE_MIGHT and i.amount_of is None and i.amount != 0 and i.target is not Target.RANDOM:
        turn = " this turn" if i.this_turn else ""
        return f"give {target(replace(i, amount=1), object_word=object_word)} {i.amount:+d} Might{turn}"
    if d is Verb.MOVE and i.to == "base" and i.amount == 1:
        return f"move {target(i, object_word=object_word)} to {'your' if i.target is Target.SELF else 'its'} base"
    if d is Verb.RETURN_TO_HAND and plain:
        return f"return {target(i, object_word=object_word)} to its owner's hand"
    if d is Verb.CREATE and i.target is Target.SELF and i.filter is None and i.token is not None:
        return token(i.token, i.amount, i.to)
    if d is Verb.SHUFFLE and plain and i.filter is None and i.target in (Target.YOU, Target.OPPONENT):
        return "shuffle your Main Deck" if i.target is Target.YOU else "each opponent shuffles their Main Deck"
    if d in (Verb.ADD, Verb.PAY) and i.target is Target.YOU and i.filter is None and i.amount_of is None:
        return f"{d.value} {symbols(i.resource, i.amount)}"
    if d is Verb.CHANNEL and i.target is Target.YOU and i.filter is None and i.amount_of is None:
        return f"channel {i.amount} rune{'s' if i.amount != 1 else ''}"
    if d is Verb.PLAY and i.amount == 1 and i.amount_of is None and i.up_to is None:
        return _play(i)
    raise unprintable(f"the instruction {i}", "no printed template rulekit reads says it")


_PLAY_TO = {None: "", "here": " here", "base": " to your base"}
_IGNORING = {None: "", "cost": ", ignoring its cost", "energy cost": ", ignoring its Energy cost",
             "power cost": ", ignoring its Power cost"}


def _play(i: Instruction) -> str:
    """An effect that plays a card (rule ``rb.play-effect``): "play me from your trash", "play it here",
    "play a unit from your hand to your base, ignoring its Energy cost"."""
    f = i.filter
    if i.to not in _PLAY_TO or i.ignoring not in _IGNORING:
        raise unprintable(f"the play {i}", "it goes here or to your base, ignoring its cost, Energy or Power cost")
    tail = _PLAY_TO[i.to] + _IGNORING[i.ignoring]
    if i.target in (Target.SELF, Target.THAT_CARD) and (f is None or (f == CardFilter(zone=f.zone)
                                                                       and f.zone in phrases.OFF_BOARD)):
        return f"play {'me' if i.target is Target.SELF else 'it'}{f' from your {f.zone}' if f else ''}{tail}"
    if (i.target is Target.CHOSEN and f is not None and f.type in ("unit", "gear", "spell")
            and f.zone in phrases.OFF_BOARD and f == CardFilter(type=f.type, zone=f.zone, owner=Who.YOU)):
        return f"play a {f.type} from your {f.zone}{tail}"
    raise unprintable(f"the play {i}", "'play me', 'play it' or 'play a unit from your hand'")


def _plays_me_from(a: Ability, zone: str) -> bool:
    """Whether ``a`` plays its own card "from your <zone>": those words say where it works (385.2)."""
    return any(i.do is Verb.PLAY and i.target is Target.SELF and i.filter == CardFilter(zone=zone) for i in a.effect)


# -- costs ------------------------------------------------------------------------------------------
def _cost(c: Instruction) -> str:
    """A cost in a triggered ability's instructions: "exhaust me", "pay [R]"."""
    if c.condition or c.filter is not None:
        raise unprintable(f"the cost {c}", "a cost is paid as it is printed")
    if c.target is Target.SELF and c.amount == 1 and c.do in (Verb.EXHAUST, Verb.KILL, Verb.SPEND_BUFF,
                                                               Verb.RECYCLE):
        return {Verb.EXHAUST: "exhaust me", Verb.KILL: "kill me", Verb.SPEND_BUFF: "spend my buff",
                Verb.RECYCLE: "recycle me"}[c.do]
    if c.do is Verb.PAY and c.target is Target.YOU:
        return f"pay {symbols(c.resource, c.amount)}"
    raise unprintable(f"the cost {c}", "exhaust me, kill me, spend my buff, recycle me or pay symbols")


def _cost_symbol(c: Instruction) -> str:
    """A cost before ':' (376): ``[2]``, ``[R]``, ``[E]``."""
    if c.do is Verb.EXHAUST and c.target is Target.SELF and c.amount == 1 and not c.condition and c.filter is None:
        return "[E]"
    if c.do is Verb.PAY and c.target is Target.YOU and not c.condition and c.filter is None:
        return symbols(c.resource, c.amount)
    raise unprintable(f"the cost {c} before ':'", "an activated ability's cost is printed as symbols: [2], [R], [E]")
