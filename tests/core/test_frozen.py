"""rulekit.frozen: @immutable builds the same values as @dataclass(frozen=True, slots=True),
and replace() means what dataclasses.replace means."""
from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

import pytest
from hypothesis import given, strategies as st
from immutables import Map

from rulekit.core.frozen import HashedOnce, copier, immutable, maker, replace, stores_fields
from rulekit.core.speed import PLAIN
from rulekit.core.model import GameState
from rulekit.rulesets.agot.frames import SequenceFrame, Window
from rulekit.core.timeline import Step

#: a test of the fast machinery itself: with RULEKIT_PLAIN=1 the plain dataclass runs instead (rulekit.core.speed)
fast_only = pytest.mark.skipif(PLAIN, reason="RULEKIT_PLAIN=1 runs the plain dataclasses")


@immutable
class Fast:
    a: int
    b: str = "b"
    c: tuple = ()
    m: Map = field(default_factory=Map)
    hidden: int = field(default=7, compare=False, repr=False)
    k: int = field(default=0, kw_only=True)


@immutable(quick_new=True)
class Quick:
    a: int
    b: str = "b"
    c: tuple = ()
    m: Map = field(default_factory=Map)
    hidden: int = field(default=7, compare=False, repr=False)
    k: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: str = "b"
    c: tuple = ()
    m: Map = field(default_factory=Map)
    hidden: int = field(default=7, compare=False, repr=False)
    k: int = field(default=0, kw_only=True)


def as_dict(v) -> dict:
    return {f.name: getattr(v, f.name) for f in dataclasses.fields(v)}


def test_the_signature_is_the_dataclass_one():
    fast, plain = inspect.signature(Fast), inspect.signature(Plain)
    assert [(p.name, p.kind) for p in fast.parameters.values()] == \
        [(p.name, p.kind) for p in plain.parameters.values()]
    assert [p.default for p in fast.parameters.values() if p.name != "m"] == \
        [p.default for p in plain.parameters.values() if p.name != "m"]
    assert repr(fast.parameters["m"].default) == "<factory>"


@given(st.integers(), st.text(max_size=5), st.tuples(st.integers()), st.integers())
def test_values_are_built_the_same(a, b, c, k):
    assert as_dict(Fast(a, b, c, k=k)) == as_dict(Plain(a, b, c, k=k))
    assert as_dict(Fast(a)) == as_dict(Plain(a))
    assert Fast(a, b) == Fast(a, b, hidden=3) and hash(Fast(a, b)) == hash(Fast(a, b, hidden=3))
    assert repr(Fast(a, b, c, k=k)).partition("(")[2] == repr(Plain(a, b, c, k=k)).partition("(")[2]


def test_a_factory_makes_a_new_value_each_time():
    class Box:
        pass

    @immutable
    class Holder:
        box: Box = field(default_factory=Box)
    assert Holder().box is not Holder().box


@pytest.mark.parametrize("cls", [Fast, Quick], ids=["__init__", "quick_new"])
def test_values_stay_frozen(cls):
    v = cls(1)
    with pytest.raises(FrozenInstanceError):
        v.a = 2
    with pytest.raises(FrozenInstanceError):
        del v.b
    with pytest.raises((AttributeError, TypeError)):   # as a frozen slots dataclass (TypeError on 3.11)
        v.extra = 1            # slots: no other attribute either
    with pytest.raises(TypeError):
        cls()                  # a required field is still required
    with pytest.raises(TypeError):
        cls(1, "b", (), Map(), 7, 0)      # a keyword-only field is still keyword-only


@given(st.integers(), st.text(max_size=5), st.integers())
def test_replace_means_what_dataclasses_replace_means(a, b, k):
    v = Fast(1, "x", (1,), k=4)
    for changes in ({}, {"a": a}, {"b": b, "k": k}, {"hidden": k, "c": (a,)}):
        new = replace(v, **changes)
        assert type(new) is Fast and as_dict(new) == as_dict(dataclasses.replace(v, **changes))
        assert new == dataclasses.replace(v, **changes) and pickle.loads(pickle.dumps(new)) == new
        with pytest.raises(FrozenInstanceError):    # filled in quickly, then frozen like any other
            new.a = 5
    assert as_dict(v) == as_dict(Fast(1, "x", (1,), k=4))    # the old value is untouched


def test_replace_refuses_an_unknown_field():
    with pytest.raises(TypeError):
        replace(Fast(1), nope=1)


@pytest.mark.parametrize("options", [{}, {"quick_new": True}], ids=["__init__", "quick_new"])
def test_classes_that_check_on_construction_keep_their_check(options):
    @immutable(**options)
    class Positive:
        n: int

        def __post_init__(self):
            if self.n <= 0:
                raise ValueError("n must be positive")
    with pytest.raises(ValueError):
        Positive(0)
    with pytest.raises(ValueError):
        replace(Positive(1), n=-1)


def test_what_the_generated_code_cannot_do_is_left_to_the_dataclass():
    @immutable
    class Private:
        _secret: int
    assert Private(3)._secret == 3 and replace(Private(3), _secret=4)._secret == 4

    @immutable
    class Own:
        x: int

        def __init__(self, x: int):          # a class's own __init__ is kept
            object.__setattr__(self, "x", x * 10)
    assert Own(1).x == 10 and replace(Own(1), x=2).x == 20    # and replace() goes through it

    @immutable(init=False)
    class NoInit:
        x: int = 0
    with pytest.raises(TypeError):
        NoInit(5)


def test_the_generated_init_keeps_the_types():
    import typing
    assert typing.get_type_hints(Fast.__init__, globals()) == typing.get_type_hints(Plain.__init__, globals())


def test_replace_refuses_what_is_not_a_dataclass():
    class Slotted:
        __slots__ = ("a",)
    with pytest.raises(TypeError):
        replace(Slotted(), a=1)


def test_other_dataclasses_go_to_dataclasses_replace():
    @dataclass(frozen=True)
    class NoSlots:
        a: int
        b: int = field(default=0, init=False)
    assert replace(NoSlots(1), a=2) == NoSlots(2)


def test_engine_values_pickle_and_compare_as_before():
    w = Window("w1", "P1", 1, 2)
    frame = SequenceFrame("s1", (), window=w)
    assert pickle.loads(pickle.dumps(frame)) == frame
    assert replace(frame, window=replace(w, passes=2)).window.passes == 2
    state = GameState("agot", ("P1", "P2"), "P1", Map(), (), Map())
    assert replace(state, phase="challenges") == dataclasses.replace(state, phase="challenges")
    step = Step(None, 0, "rulekit.setup", "setup", (), state, ())
    assert step != Step(None, 0, "rulekit.setup", "setup", (), state, ())    # steps compare by identity


def test_words_hash_and_compare_as_their_strings():
    from rulekit.core.abilities import Timing
    from rulekit.core.events import EventKind
    from rulekit.rulesets.agot.steps import SeqStep
    assert EventKind.KNEELS == "kneels" and hash(EventKind.KNEELS) == hash("kneels")
    index = {("kneels", "interrupt"): 1}
    assert index[(EventKind.KNEELS, Timing.INTERRUPT)] == 1     # the listener index is keyed by values
    assert pickle.loads(pickle.dumps(EventKind.KNEELS)) is EventKind.KNEELS
    assert len({s: s.number for s in SeqStep}) == 7 and hash(SeqStep.OCCURS) == hash(SeqStep.OCCURS)


def test_the_member_attributes_name_the_intended_members():
    from rulekit.core.abilities import Target, Timing
    # mandatory abilities: forced interrupts and reactions, and a plot's When Revealed (RR "When Revealed")
    assert {t for t in Timing if t.forced} == {Timing.FORCED_INTERRUPT, Timing.FORCED_REACTION, Timing.WHEN_REVEALED}
    assert {t for t in Target if t.is_player} == {Target.YOU, Target.OPPONENT, Target.THAT_PLAYER}
    assert {t for t in Target if t.is_chosen} == {Target.CHOSEN, Target.DUPLICATE, Target.EACH_PLAYER,
                                                 Target.EACH_OPPONENT, Target.CHOSEN_ABILITY}
    # cards chosen ``amount`` at a time ("choose 2"), and chosen by players other than the controller alone
    assert {t for t in Target if t.picks_cards} == {Target.CHOSEN, Target.EACH_PLAYER, Target.EACH_OPPONENT}
    assert {t for t in Target if t.by_others} == {Target.EACH_PLAYER, Target.EACH_OPPONENT}


@fast_only
def test_the_engines_values_take_the_fast_path():
    """What the engine makes at every step is built and copied by the generated code (a class
    that silently fell back to the dataclass's own would cost about a fifth of a step)."""
    from rulekit.core.decisions import AnswerKey, Decision
    from rulekit.core.frames import Ask, Progress
    from rulekit.core.model import Card, TriggeringCondition
    from rulekit.rulesets.agot.frames import ResolutionFrame
    from rulekit.rulesets.riftbound.frames import ChainFrame, ChainItem
    from rulekit.core.abilities import Ability, Instruction
    from rulekit.core.verdicts import Verdict
    for cls in (GameState, Card, TriggeringCondition, SequenceFrame, Window, ResolutionFrame, Step, Progress, Ask,
                Verdict, AnswerKey, Decision, ChainFrame, ChainItem, Ability, Instruction):
        assert stores_fields(cls), cls.__name__
    for cls in (GameState, TriggeringCondition, SequenceFrame, Window, ResolutionFrame, Step, Progress, Ask,
                Verdict, AnswerKey, Decision, ChainFrame, ChainItem):     # made whole by __new__
        assert getattr(cls.__new__, "__rulekit_stores_fields__", False), cls.__name__


def test_a_class_without_a_docstring_is_described_as_the_dataclass_describes_it():
    @immutable
    class Plain:
        a: int
        b: str = "x"

    @dataclasses.dataclass(frozen=True, slots=True)
    class Made:
        a: int
        b: str = "x"

    assert Plain.__doc__.replace("Plain", "Made") == Made.__doc__
    assert Plain.__init__.__annotations__ == Made.__init__.__annotations__


@given(st.integers(), st.text(max_size=5), st.tuples(st.integers()), st.integers())
def test_quick_new_builds_the_same_values(a, b, c, k):
    """quick_new: the value is made whole by __new__ (for the engine's own records, which no
    validator builds field by field); it is the dataclass's value all the same."""
    for v, p in ((Quick(a, b, c, k=k), Plain(a, b, c, k=k)), (Quick(a), Plain(a))):
        assert type(v) is Quick and as_dict(v) == as_dict(p)
        assert repr(v).partition("(")[2] == repr(p).partition("(")[2]
        assert pickle.loads(pickle.dumps(v)) == v and type(pickle.loads(pickle.dumps(v))) is Quick
        assert copy.copy(v) == v and copy.deepcopy(v) == v
        assert replace(v, a=a + 1) == Quick(a + 1, v.b, v.c, k=v.k)
    assert Quick(a, b) == Quick(a, b, hidden=3) and hash(Quick(a, b)) == hash(Quick(a, b, hidden=3))
    assert Quick(a).m is not Quick(a).m          # a factory makes a new value each time


@fast_only
def test_quick_new_keeps_the_signature_and_makes_a_plain_subclass_as_itself():
    assert [(p.name, p.kind) for p in inspect.signature(Quick).parameters.values()] == \
        [(p.name, p.kind) for p in inspect.signature(Plain).parameters.values()]

    class Sub(Quick):               # a plain subclass is made as itself
        pass
    s = Sub(3)
    assert type(s) is Sub and s.a == 3 and s != Quick(3)
    with pytest.raises(TypeError):
        @immutable(quick_new=True)
        class Own:
            a: int

            def __init__(self, a):
                object.__setattr__(self, "a", a)


@given(st.integers(), st.text(max_size=5), st.tuples(st.integers()), st.integers())
def test_a_maker_builds_what_the_class_builds(a, b, c, k):
    """maker(cls) is cls(...) without the class call: the same value, the same arguments, the
    same check, frozen all the same; a class that is not quick_new is its own maker."""
    make = maker(Quick)
    assert make is maker(Quick)              # one per class
    for v, q in ((make(a, b, c, k=k), Quick(a, b, c, k=k)), (make(a), Quick(a)), (make(a=a, c=c), Quick(a, c=c))):
        assert type(v) is Quick and as_dict(v) == as_dict(q) and v == q and hash(v) == hash(q)
        assert pickle.loads(pickle.dumps(v)) == v
        with pytest.raises(FrozenInstanceError):
            v.a = 1
    assert make(a).m is not make(a).m
    assert inspect.signature(make).parameters.keys() == inspect.signature(Quick).parameters.keys()
    with pytest.raises(TypeError):
        make()                               # a missing argument, as the class says
    assert maker(Fast) is Fast and maker(Plain) is Plain


def test_a_maker_keeps_the_check_of_its_class():
    from rulekit.core.decisions import AnswerKey, DecisionKind
    with pytest.raises(ValueError, match="counted from 1"):
        maker(AnswerKey)(DecisionKind.MAY, "somewhere", "P1", 0)
    assert maker(AnswerKey)(DecisionKind.MAY, "somewhere", "P1") == AnswerKey(DecisionKind.MAY, "somewhere", "P1")


@given(st.integers(), st.text(max_size=5), st.tuples(st.integers()), st.integers())
def test_a_copier_of_some_fields_means_replace_of_those(a, b, c, k):
    """copier(cls, *fields) takes just those fields, by position, and keeps every other."""
    from rulekit.core.frozen import copier
    v = Quick(a, b, c, k=k, hidden=5)
    with_b_and_k = copier(Quick, "b", "k")
    assert with_b_and_k is copier(Quick, "b", "k")
    w = with_b_and_k(v, b + "!", k + 1)
    assert type(w) is Quick and as_dict(w) == as_dict(replace(v, b=b + "!", k=k + 1))
    assert copier(Plain, "a")(Plain(a, b), a + 1) == Plain(a + 1, b)      # a dataclass's own, through replace
    for wrong in (("nope",), ("b", "b")):
        with pytest.raises(TypeError, match="must be distinct fields of Quick"):
            copier(Quick, *wrong)


@immutable
class Kept(HashedOnce):
    a: int
    b: tuple = ()
    hidden: int = field(default=7, compare=False, repr=False)


@fast_only
@given(st.integers(), st.tuples(st.text(max_size=3)), st.integers())
def test_a_kept_hash_is_the_hash_of_the_compared_fields_and_a_copy_keeps_none(a, b, a2):
    value = Kept(a, b)
    assert hash(value) == hash((a, b)) == value._hash_once == hash(value)
    assert hash(Kept(a, b, hidden=1)) == hash(value)              # a field not compared is not hashed
    for changed in (replace(value, a=a2), copier(Kept, "a")(value, a2)):
        assert hash(changed) == hash((a2, b)) and changed == Kept(a2, b)
    assert hash(copy.copy(value)) == hash(value) and copy.deepcopy(value) == value


@fast_only
def test_a_kept_hash_cannot_be_assigned_or_deleted():
    value = Kept(1)
    hash(value)
    with pytest.raises(FrozenInstanceError):
        value._hash_once = 5
    with pytest.raises(FrozenInstanceError):
        del value._hash_once
    assert hash(value) == hash((1, ()))


def test_a_kept_hash_is_not_pickled():
    value = Kept(1, ("x",))
    hash(value)
    assert value.__getstate__() == [1, ("x",), 7]
    again = pickle.loads(pickle.dumps(value))
    assert again == value and not hasattr(again, "_hash_once")


def test_a_card_sent_to_another_process_hashes_as_that_process_hashes_it():
    """Strings hash differently in every process: a card hashed here and pickled must hash there
    as an equal card built there does (the kept hash stays behind), or dicts keyed by cards break."""
    import subprocess
    import sys
    from rulekit.core.model import Card
    card = Card("c1", "Lantern Keeper", "P1", zone="play area", type="character")
    hash(card)
    there = ("import pickle, sys\nfrom rulekit.core.model import Card\ncard = pickle.loads(sys.stdin.buffer.read())\n"
             "fresh = Card('c1', 'Lantern Keeper', 'P1', zone='play area', type='character')\n"
             "print(hash(card) == hash(fresh), card == fresh)\n")
    out = subprocess.run([sys.executable, "-c", there], input=pickle.dumps(card), capture_output=True, check=True,
                         env={**__import__("os").environ, "PYTHONHASHSEED": "12345"}).stdout.decode().split()
    assert out == ["True", "True"]


@fast_only
def test_hashed_once_needs_the_hash_immutable_writes():
    with pytest.raises(TypeError, match="HashedOnce"):
        @immutable
        class Own(HashedOnce):
            a: int

            def __hash__(self):
                return 1
    with pytest.raises(TypeError, match="HashedOnce"):
        @immutable(eq=False)
        class Unequal(HashedOnce):
            a: int
