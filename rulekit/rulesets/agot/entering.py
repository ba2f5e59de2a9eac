"""How and when a card entered play (Rules Reference, "Enters Play", "Marshal", "Ambush (X)",
"Put into Play"; rule ``agot.entered-play``).

A card enters play whenever it goes from an out-of-play area into play. Marshaling it from hand
(the marshaling phase's player action) and putting it into play by an ability are two ways; ambush
is a third (a player action of the challenges phase, from hand). Only the first is marshaling: a
card put into play or ambushed is not considered marshaled. The triggering condition of an entry
names its means (``how``: ``put into play`` — an effect's, the default —, ``marshal``,
``ambush``), and the game remembers, for the card object that entered, in which round and phase
it did (``entered: this phase`` / ``this round`` in a filter reads it). A card that leaves play is
a new object, so the record no longer applies to it; a card in play when the scenario starts
entered before it.
"""
from __future__ import annotations

from rulekit.core.errors import ScenarioError
from rulekit.core.events import Verb

#: the means by which a card enters play, the default (an effect's "put into play") first
MEANS = ("put into play", "marshal", "ambush")
#: the means a player uses from their hand (Rules Reference, "Marshal", "Ambush (X)")
FROM_HAND = ("marshal", "ambush")
#: what a filter's ``entered`` may say
PERIODS = ("this phase", "this round")


def _key(what: str, obj: str) -> str:
    return f"entered {what}|{obj}"


def entered_play(state, card_id: str, tc):
    """The state once the card has entered play: the round and phase of its entry are kept for the
    object it now is (in the state's counts, keyed by that object)."""
    from rulekit.core.frozen import replace
    obj = state.cards[card_id].obj
    counts = state.counts.set(_key("round", obj), state.round).set(_key("phase", obj), state.phase_number)
    return replace(state, counts=counts)


def entered_mismatch(when: str, card, state) -> str | None:
    """Why ``card`` did not enter play ``when`` ("this phase" or "this round"), or ``None``."""
    round_ = state.counts.get(_key("round", card.obj))
    if round_ is None or card.zone not in state.rules.in_play:
        return f"{card.title} has not entered play since the scenario began"
    if round_ != state.round:
        return f"{card.title} entered play in round {round_}, not this round"
    if when == "this phase" and state.counts.get(_key("phase", card.obj)) != state.phase_number:
        return f"{card.title} entered play in an earlier phase"
    return None


def check_entry(entry, path: str, scenario) -> None:
    """A script's ``how`` goes with ``put into play``; marshaling and ambush take a card from its
    owner's hand."""
    if entry.how is None:
        return
    if entry.do is not Verb.PUT_INTO_PLAY:
        raise ScenarioError(f"'how' says by what means a card enters play: only 'put into play' takes it, not "
                            f"{entry.do.value!r}", path=f"{path}.how", expected="do: put into play")
    _check_means(entry.how, f"{path}.how")
    if entry.how in FROM_HAND:
        cards = {c.id: c for c in scenario.cards}
        for cid in entry.cards:
            if cid in cards and cards[cid].zone not in (None, "hand"):
                raise ScenarioError(f"card {cid!r} is in the {cards[cid].zone}: a player can {entry.how} only a card "
                                    f"from their hand (Rules Reference, \"Marshal\", \"Ambush (X)\")",
                                    path=f"{path}.cards", expected="a card whose zone is hand")


def check_trigger(when, path: str) -> None:
    """A trigger's ``how`` names a means of entering play, and only for ``enters play``."""
    if when is None or when.how is None:
        return
    from rulekit.core.events import EventKind
    if EventKind.ENTERS_PLAY not in when.events:
        raise ScenarioError("'how' names by what means a card enters play: only an 'enters play' triggering "
                            "condition takes it", path=f"{path}.how", expected="event: enters play")
    _check_means(when.how, f"{path}.how")


def check_filter_entered(value: str | None, path: str) -> None:
    if value is not None and value not in PERIODS:
        from rulekit.core.checking import suggest
        raise ScenarioError(f"entered {value!r} is not a period{suggest(value, PERIODS)}", path=f"{path}.entered",
                            expected="one of " + ", ".join(PERIODS))


def _check_means(how: str, path: str) -> None:
    if how not in MEANS:
        from rulekit.core.checking import suggest
        raise ScenarioError(f"{how!r} is not a way a card enters play in agot{suggest(how, MEANS)}", path=path,
                            expected="one of " + ", ".join(MEANS))


def check_ability(ability, path: str) -> None:
    """An ability's ``how`` and every ``entered`` its filters say."""
    check_trigger(ability.when, f"{path}.when")
    if ability.when is not None and ability.when.card is not None:
        check_filter_entered(ability.when.card.entered, f"{path}.when.card")
    for part in ("cost", "effect"):
        for k, instr in enumerate(getattr(ability, part)):
            if instr.filter is not None:
                check_filter_entered(instr.filter.entered, f"{path}.{part}[{k}].filter")
    for k, cond in enumerate(ability.condition):
        if cond.count is not None:
            check_filter_entered(cond.count.entered, f"{path}.condition[{k}].count")
