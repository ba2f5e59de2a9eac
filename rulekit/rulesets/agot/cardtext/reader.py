"""A Game of Thrones' card text read into abilities (rule ``rulekit.card-text``): the grammar
(``grammar.lark``) parses the text; this transformer turns each part of the tree into the scenario
model — timings, triggering conditions, conditions, costs, effects, limits, keywords. A phrase the
grammar parses but the model cannot hold as written is refused (:class:`~.phrases.Refusal`),
never read as something else. Rules Reference "Triggered Abilities", "Interrupts", "Reactions",
"Forced", "Would", "Triggering Condition", "Then", "Limit", "Max", "Delayed Effects"."""
from __future__ import annotations

from pathlib import Path

from lark import Token, Transformer, v_args
from lark.exceptions import VisitError

from rulekit.core.abilities import Ability, Condition, Instruction, Limit, Period, Target, Timing, Trigger
from rulekit.core.cardtext import CardTextError, ReadCard, parse_tree, prepare
from rulekit.core.events import EventKind, Verb
from rulekit.core.frozen import replace
from rulekit.rulesets.agot.cardtext.effects import EffectPhrases
from rulekit.rulesets.agot.cardtext.phrases import CardPhrases, ConditionPhrases, Context, Refusal
from rulekit.rulesets.agot.cardtext.triggers import TriggerPhrases

GRAMMAR = str(Path(__file__).with_name("grammar.lark"))

#: the phase a triggering condition happens in, where the text's "the end of the phase" needs one
CHALLENGE_EVENTS = (EventKind.WINS_CHALLENGE, EventKind.LOSES_CHALLENGE, EventKind.ATTACKS, EventKind.DEFENDS)
RESTRICTIONS = {"killed": Verb.CANNOT_BE_KILLED, "saved": Verb.CANNOT_BE_SAVED,
                "cancelled": Verb.CANNOT_BE_CANCELLED}
TIMES = {"once": 1, "twice": 2}


class AbilityParts:
    """Transformer callbacks of whole abilities, keywords and the card."""

    def card(self, meta, c):
        abilities, fields, unmodelled = [], [], []
        for part in c:
            kind, value = part
            {"ability": abilities, "field": fields, "unmodelled": unmodelled}[kind].append(value)
        return ReadCard(tuple(abilities), tuple(fields), tuple(unmodelled))

    def terminal(self, meta, c):
        return ("field", ("terminal", True))

    def pillage(self, meta, c):
        return ("field", ("pillage", True))

    def other_keyword(self, meta, c):
        return ("unmodelled", self.source_words(meta.start_pos, meta.end_pos).rstrip(".").strip())

    # -- the triggered ability --------------------------------------------------------------------
    def timing(self, meta, c):
        forced = any(t.type == "FORCED" for t in c)
        word = next(str(t).lower() for t in c if t.type == "TIMING")
        return forced, word

    def trigger(self, meta, c):
        return str(c[0]).lower(), c[1], meta.start_pos

    def ability(self, meta, c):
        (forced, word), (when_word, tc, at), body, reminders = c[0], c[1], c[2], c[3:]
        pos = meta.start_pos
        if (word == "interrupt") != (when_word == "when"):
            raise Refusal(at, f"{'an interrupt' if word == 'interrupt' else 'a reaction'}'s triggering condition "
                               f"begins with {'When' if word == 'interrupt' else 'After'}")
        would = tc.pop("would", False)
        if would and (forced or word == "reaction"):
            raise Refusal(pos, "'would' goes with an Interrupt (not a Reaction, not a Forced Interrupt)")
        if word == "interrupt":
            if forced:
                timing = Timing.FORCED_INTERRUPT
            else:
                timing = Timing.WOULD_INTERRUPT if would or tc["event"] is EventKind.INITIATES else Timing.INTERRUPT
        else:
            timing = Timing.FORCED_REACTION if forced else Timing.REACTION
        conditions = [Condition(phase=tc.pop("during"))] if "during" in tc else []
        if body["how"] is not None:
            if tc["event"] is not EventKind.ENTERS_PLAY or "how" in tc:
                raise Refusal(pos, "'if it was ambushed' goes with a card entering play")
            tc["how"] = body["how"]
        when = Trigger(**tc)
        conditions += body["conditions"]
        card = when.card
        ctx = Context(pronoun="that card" if card is not None and card.which.value != "self" else "self")
        return ("ability", self._ability(meta, timing, when, tuple(conditions), body, reminders, ctx))

    def revealed(self, meta, c):
        body, reminders = c[0], c[1:]
        if body["how"] is not None:
            raise Refusal(meta.start_pos, "'if it was ambushed' goes with a card entering play")
        return ("ability", self._ability(meta, Timing.WHEN_REVEALED, None, tuple(body["conditions"]), body,
                                         reminders, Context()))

    def _ability(self, meta, timing, when, conditions, body, reminders, ctx) -> Ability:
        cost = tuple(f(ctx) for f in body["cost"])
        effect = []
        for kind, fns, extra in body["effects"]:
            if kind == "delay":
                edge, phase, pos = extra
                phase = phase or self._phase_of(when, conditions, pos)
                at = Trigger(EventKind.PHASE_BEGINS if edge == "beginning" else EventKind.PHASE_ENDS, phase=phase)
                effect.append(Instruction(Verb.DELAY, at=at, later=tuple(f(ctx) for f in fns)))
                continue
            if kind == "choose":
                chosen, fn, pos = extra, fns, meta.start_pos
                inner = Context(pronoun=ctx.pronoun, chosen=chosen)
                effect.append(fn(inner))
                if not inner.used_chosen:
                    raise Refusal(pos, "'Choose …' is followed by what is done to that character")
                continue
            for i, fn in enumerate(fns):
                if getattr(fn, "placing", False) and (when is None or EventKind.KILLED not in when.events):
                    raise Refusal(fn.pos, "'instead of placing it in the dead pile' replaces a kill")
                if getattr(fn, "pos", None) is not None and timing not in (
                        Timing.INTERRUPT, Timing.FORCED_INTERRUPT, Timing.WOULD_INTERRUPT):
                    raise Refusal(fn.pos, "'… instead' is an interrupt's")
                ins = fn(ctx)
                effect.append(replace(ins, then=True) if kind == "then" and i == 0 else ins)
        fields = {}
        for name, value in reminders:
            if name in fields:
                raise Refusal(meta.start_pos, f"the ability's {name} is said twice")
            fields[name] = value
        return Ability(id="", timing=timing, when=when, condition=conditions, cost=cost, effect=tuple(effect),
                       text=self.source_words(meta.start_pos, meta.end_pos), **fields)

    def _phase_of(self, when, conditions, pos) -> str:
        """The phase "the end of the phase" means: the phase its triggering condition happens in."""
        if when is not None and when.event in (EventKind.PHASE_BEGINS, EventKind.PHASE_ENDS) and when.phase:
            return when.phase
        if when is not None and (when.listens_for(CHALLENGE_EVENTS) or when.challenge):
            return "challenges"
        for c in conditions:
            if c.phase:
                return c.phase
        raise Refusal(pos, "which phase 'the phase' is the text does not say: name it ('the end of the "
                           "challenges phase')")

    # -- reminders: limits, maxima, zones -----------------------------------------------------------
    def times(self, meta, c):
        word = str(c[0]).lower()
        return TIMES.get(word) or int(word)

    def limit(self, meta, c):
        return ("limit", Limit(c[0], Period(str(c[1]).lower())))

    def max(self, meta, c):
        return ("max", Limit(int(c[0]), Period(str(c[1]).lower())))

    def zone(self, meta, c):
        return ("zones", (str(c[0]).lower(),))

    def uncancellable(self, meta, c):
        return ("cannot_be_cancelled", True)

    # -- the body ------------------------------------------------------------------------------------
    def condition(self, meta, c):
        return c[0]

    def body(self, meta, c):
        out = {"conditions": [], "how": None, "cost": [], "effects": []}
        for part in c:
            if isinstance(part, Condition):
                out["conditions"].append(part)
            elif isinstance(part, tuple) and part[0] == "how":
                out["how"] = part[1]
            elif isinstance(part, tuple) and part[0] == "costed":
                out["cost"] = part[1]
                out["effects"].append(("effects", part[2], None))
            else:
                out["effects"].append(part)
        return out

    def costed(self, meta, c):
        if len(c) == 2 and any(getattr(f, "searching", False) for f in c[0]):
            # no printed cost searches: a search is no target, found as its effect resolves (RR "Search", "Target")
            raise Refusal(meta.start_pos, "a search is an effect, never a cost: 'search your deck …' cannot come "
                                          "before 'to'")
        return ("costed", c[0], c[1]) if len(c) == 2 else ("costed", [], c[0])

    def then_sentence(self, meta, c):
        return ("then", c[0], None)

    def delay_at(self, meta, c):
        edge = str(c[0]).lower()
        phase = str(c[1]).lower() if len(c) > 1 else None
        return edge, phase, meta.start_pos

    def delayed_sentence(self, meta, c):
        return ("delay", c[1], c[0])

    delayed_main = delayed_sentence

    def choose_sentence(self, meta, c):
        ref, fn = c[0], c[1]
        if ref.kind != "a":
            raise Refusal(meta.start_pos, "'Choose' takes 'a …' card")
        return ("choose", fn, ref.filter)

    # -- constant abilities -------------------------------------------------------------------------
    def constant_while(self, meta, c):
        return c[0]

    def abilities_of_self(self, meta, c):
        return "abilities"

    def constant_subject(self, meta, c):
        return c[0]

    def constant(self, meta, c):
        conditions = tuple(x for x in c if isinstance(x, Condition))
        subject = next(x for x in c if not isinstance(x, (Condition, Token)))
        verb = RESTRICTIONS[str(c[-1]).lower()]
        if (subject == "abilities") != (verb is Verb.CANNOT_BE_CANCELLED):
            raise Refusal(meta.start_pos, "'cannot be cancelled' is said of 'the abilities of' this card")
        if subject == "abilities" or subject.kind == "self":
            effect = Instruction(verb)
        elif subject.kind == "plural":
            effect = Instruction(verb, Target.EACH, subject.filter)
        else:
            raise Refusal(meta.start_pos, "a constant ability names this card or several cards ('Characters …')")
        return ("ability", Ability(id="", timing=Timing.CONSTANT, effect=(effect,), condition=conditions,
                                   text=self.source_words(meta.start_pos, meta.end_pos)))


def _transformer_class():
    """One lark transformer of every part's callbacks, each given the tree's positions (meta)."""
    namespace = {}
    for part in (CardPhrases, ConditionPhrases, TriggerPhrases, EffectPhrases, AbilityParts):
        namespace.update({k: v for k, v in vars(part).items() if not k.startswith("__")})
    return v_args(meta=True)(type("AgotCardText", (Transformer,), namespace))


_Reader = _transformer_class()


class _Read(_Reader):
    def __init__(self, prepared):
        super().__init__()
        self.prepared = prepared

    def source_words(self, start: int, end: int) -> str:
        """The text as written (the card's title restored) between two positions of the prepared text."""
        p = self.prepared
        return p.source[p.original(start):p.original(end)].strip()


def read(text: str, title: str, wordings: tuple[str, ...] = ()) -> ReadCard:
    """``text`` (the printed text of ``title``'s card) as abilities, fields and unmodelled keywords."""
    prepared = prepare(text, title)
    tree = parse_tree(GRAMMAR, prepared, wordings)
    try:
        return _Read(prepared).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, Refusal):
            raise CardTextError.unread(text, prepared.original(e.orig_exc.pos), wordings, e.orig_exc.why) from None
        raise
