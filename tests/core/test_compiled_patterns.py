"""A pattern's compiled predicate means what its words mean: rulekit.judge.trigger_matcher(when)
holds exactly when the written check (trigger_words) finds nothing wrong, on generated
patterns, cards and conditions of both rulesets."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from rulekit.rulesets import get as get_ruleset
from rulekit.core.abilities import CardFilter, Posture, Trigger, Which, Who
from rulekit.core.events import EventKind
from rulekit.core.judge import _MATCHERS, trigger_words, trigger_matcher
from rulekit.core.model import Card, TriggeringCondition, initial_state

TITLES = ("Ser Jaime", "Arya", "Tobin")
TRAITS = ("Knight", "Lady", "Recruit")
PLAYERS = ("P1", "P2")
ZONES = ("play area", "hand", "base", "battlefield-1")
TYPES = ("character", "location", "unit")

maybe = lambda values: st.one_of(st.none(), st.sampled_from(values))   # noqa: E731

card_filters = st.builds(
    CardFilter, which=st.sampled_from([Which.ANY] * 4 + list(Which)), type=maybe(TYPES), title=maybe(TITLES), trait=maybe(TRAITS),
    controller=st.sampled_from(list(Who)), owner=st.sampled_from(list(Who)), zone=maybe(ZONES),
    posture=maybe(list(Posture)), not_title=maybe(TITLES), not_trait=maybe(TRAITS), here=st.sampled_from((False,) * 4 + (True,)),
    id=st.one_of(st.none(), st.none(), st.none(), st.sampled_from(("c0", "c1"))))
patterns = st.builds(Trigger, event=st.sampled_from([EventKind.KNEELS, EventKind.KILLED] * 4 + list(EventKind)), card=st.one_of(st.none(), card_filters),
                     player=st.sampled_from(list(Who)), challenge=maybe(("military", "power")),
                     phase=maybe(("challenges", "dominance")))
cards = st.builds(Card, id=st.sampled_from(("c0", "c1")), title=st.sampled_from(TITLES), owner=st.sampled_from(PLAYERS),
                  controller=maybe(PLAYERS), zone=st.sampled_from(ZONES), type=st.sampled_from(TYPES),
                  kneeling=st.booleans(), traits=st.lists(st.sampled_from(TRAITS), max_size=2).map(tuple),
                  incarnation=st.integers(0, 1))


@settings(max_examples=600, deadline=None)
@given(patterns, cards, cards, st.sampled_from(list(EventKind)), maybe(PLAYERS), maybe(("military", "power")),
       maybe(("challenges", "dominance")), st.sampled_from(PLAYERS), st.booleans(), st.sampled_from(("agot", "riftbound")),
       st.booleans())
def test_the_compiled_pattern_agrees_with_the_written_check(when, subject, source, kind, player, challenge, phase, me,
                                                             occurred, ruleset, has_card):
    tc = TriggeringCondition("tc", kind, "s", "s", card=subject if has_card else None, player=player,
                             challenge=challenge, phase=phase)
    state = initial_state(get_ruleset(ruleset), PLAYERS, "P1", (source,) if source.id != subject.id else (subject,))
    words = trigger_words(when, tc, state, me, source, occurred)
    assert trigger_matcher(when)(tc, state, me, source, occurred) is (words is None), words


def test_compiled_patterns_are_kept_by_identity_and_bounded():
    when = Trigger(EventKind.KNEELS, card=CardFilter(type="character"))
    assert trigger_matcher(when) is trigger_matcher(when)
    for i in range(5000):
        trigger_matcher(Trigger(EventKind.KNEELS, phase=f"p{i}"))
    assert len(_MATCHERS) <= 4096
