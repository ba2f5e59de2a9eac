"""The effects and costs of A Game of Thrones' card text, read from the grammar's tree: each becomes a
function of the :class:`~.phrases.Context` (what "it" and "that character" stand for) giving one
instruction. Rules Reference "Kill", "Kneel", "Stand", "Sacrifice", "Discard", "Power", "Moving
Power", "Gold", "Strength", "Put into Play", "Search", "Cancel", "Save", "Replacement Effects"
("instead"), "Choose"."""
from __future__ import annotations

from lark import Token

from rulekit.core.abilities import CardFilter, Instruction, Target, Who
from rulekit.core.events import Verb
from rulekit.core.frozen import replace
from rulekit.rulesets.agot.cardtext.phrases import Context, Ref, Refusal

VERBS = {"kill": Verb.KILL, "kneel": Verb.KNEEL, "stand": Verb.STAND, "sacrifice": Verb.SACRIFICE,
         "discard": Verb.DISCARD}

#: effects rulekit names but does not simulate, by the terminal that reads them: whether they may change
#: the game state (rule ``rulekit.not-modelled``): looking at a hand changes nothing, reordering or
#: shuffling cards into a deck does
NOT_MODELLED = {"LOOK_HAND": False, "LOOK_TOP": True, "SHUFFLE_INTO": True}


def target_of(ref: Ref, ctx: Context, pos: int) -> tuple[Target, CardFilter | None]:
    """The target and filter an instruction gets from the card phrase it acts on."""
    if ref.kind == "self":
        return Target.SELF, None
    if ref.kind in ("pronoun", "that"):
        if ctx.chosen is not None:
            ctx.used_chosen.append(True)
            return Target.CHOSEN, ctx.chosen
        if ref.kind == "that":
            return Target.THAT_CARD, None
        return Target(ctx.pronoun), None
    if ref.kind == "a":
        return Target.CHOSEN, ref.filter
    if ref.kind in ("each", "attached", "your"):
        return Target.EACH, ref.filter
    raise Refusal(pos, "an effect acts on 'a …' card (chosen), 'each …' card, this card, or 'it'")


def _card_instruction(verb: Verb, ref: Ref, pos: int, **fields):
    def build(ctx: Context) -> Instruction:
        target, flt = target_of(ref, ctx, pos)
        return Instruction(verb, target, flt, **fields)
    return build


class EffectPhrases:
    """Transformer callbacks of the effects (mixed into the reader's transformer)."""

    def draw(self, meta, c):
        return lambda ctx: Instruction(Verb.DRAW, Target.YOU, amount=int(c[0]))

    def opp_draw(self, meta, c):
        return lambda ctx: Instruction(Verb.DRAW, Target.OPPONENT, amount=int(c[0]))

    def pay_gold(self, meta, c):
        return lambda ctx: Instruction(Verb.PAY, Target.YOU, amount=int(c[0]), resource="gold")

    def gain_gold(self, meta, c):
        return lambda ctx: Instruction(Verb.ADD, Target.YOU, amount=int(c[0]), resource="gold")

    def act(self, meta, c):
        verb = VERBS[str(c[0]).lower()]
        ref = c[1]
        flags = {t.type for t in c[2:] if isinstance(t, Token)}
        if "FROM_PLAY" in flags and verb is not Verb.DISCARD:
            raise Refusal(meta.start_pos, "'from play' goes with 'discard'")
        return _card_instruction(verb, ref, meta.start_pos, cannot_be_saved="UNSAVED" in flags)

    def choose_act(self, meta, c):
        verb, ref = VERBS[str(c[0]).lower()], c[1]
        if ref.kind not in ("a", "attached"):
            raise Refusal(meta.start_pos, "'choose and …' takes 'a …' card")
        saved = any(isinstance(t, Token) and t.type == "UNSAVED" for t in c[2:])
        return lambda ctx: Instruction(verb, Target.CHOSEN, ref.filter, cannot_be_saved=saved)

    def discard_random(self, meta, c):
        return lambda ctx: Instruction(Verb.DISCARD, Target.RANDOM, CardFilter(owner=Who.YOU, zone="hand"),
                                       amount=int(c[0]))

    def opp_discard_random(self, meta, c):
        return lambda ctx: Instruction(Verb.DISCARD, Target.RANDOM, CardFilter(owner=Who.OPPONENT, zone="hand"),
                                       amount=int(c[0]))

    def return_hand(self, meta, c):
        return _card_instruction(Verb.RETURN_TO_HAND, c[0], meta.start_pos)

    def put_play(self, meta, c):
        return _card_instruction(Verb.PUT_INTO_PLAY, c[0], meta.start_pos)

    def move_power(self, meta, c):
        return _card_instruction(Verb.MOVE_POWER, c[1], meta.start_pos, amount=int(c[0]), to="your faction card")

    def discard_power(self, meta, c):
        return _card_instruction(Verb.DISCARD_POWER, c[1], meta.start_pos, amount=int(c[0]))

    def search(self, meta, c):
        ref = c[0]
        if ref.kind != "a":
            raise Refusal(meta.start_pos, "a search finds 'a …' card")
        flt = replace(ref.filter, owner=Who.YOU, zone="draw deck")
        fn = lambda ctx: Instruction(Verb.PUT_INTO_PLAY, Target.CHOSEN, flt)    # noqa: E731
        fn.searching = True     # a search is an effect, never a cost (the reader's costed)
        return fn

    def shuffle(self, meta, c):
        return lambda ctx: Instruction(Verb.SHUFFLE, Target.YOU)

    def cancel(self, meta, c):
        return lambda ctx: Instruction(Verb.CANCEL, Target.THAT_EFFECT)

    def save(self, meta, c):
        return lambda ctx: Instruction(Verb.SAVE, Target.THAT_CARD)

    def gains_power(self, meta, c):
        return _card_instruction(Verb.GAIN_POWER, c[0], meta.start_pos, amount=int(c[2]))

    def gets_str(self, meta, c):
        if isinstance(c[0], Token):         # "give X +2 STR"
            c = [c[1], c[0], *c[2:]]
        until = c[3] if len(c) > 3 else None
        return _card_instruction(Verb.GIVE_STRENGTH, c[0], meta.start_pos, amount=int(str(c[2])), until=until)

    def until(self, meta, c):
        period = str(c[0]).lower()
        if period == "round":
            raise Refusal(meta.start_pos, "a lasting effect lasts until the end of the challenge or of the phase")
        return period

    def each_player(self, meta, c):
        ref, verb = c[0], VERBS[str(c[1]).lower().rstrip("s")]
        if ref.kind != "a":
            raise Refusal(meta.start_pos, "each player chooses 'a …' card")
        return lambda ctx: Instruction(verb, Target.EACH_PLAYER, ref.filter)

    def replacement(self, meta, c):
        inner = c[0]
        placing = len(c) > 1

        def build(ctx: Context) -> Instruction:
            instead = Context(pronoun="that card")
            return Instruction(Verb.REPLACE, Target.THAT_CARD, instead=(inner(instead),))
        build.placing = placing        # "instead of placing it in the dead pile": a kill it replaces
        build.pos = meta.start_pos
        return build

    def instead_of(self, meta, c):
        return True

    def not_modelled(self, meta, c):
        token = c[0]
        words = self.source_words(meta.start_pos, meta.end_pos)
        return lambda ctx: Instruction(Verb.NOT_MODELLED, text=words, changes_state=NOT_MODELLED[token.type])

    def effects(self, meta, c):
        return list(c)
