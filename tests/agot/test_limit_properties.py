"""Property: no limit or maximum ever crosses players (Rules Reference, "Limits and Maxima": all
limits and maxima are player specific). On generated boards — copies of two titles, one with a
limit, one with a max, spread over the players, in hand (events) and in play, some changing
control, the plot phase sometimes beginning between the kills (a new round, Appendix I 1.1) — a
player never uses more than their own limit or max allows in a round, and an ability is only ever
refused for its limit when its controller's own uses of the round have reached it."""
from __future__ import annotations

import os
from collections import Counter

from hypothesis import HealthCheck, event, given, settings, strategies as st

from rulekit import Ability, Code, Instruction, Scenario, ScriptEntry, Target, Timing, Trigger
from rulekit.core.abilities import Limit, Period
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from strategies import played

SETTINGS = settings(max_examples=int(os.environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
LIMITED, MAXED = "Limited Watch", "Maxed Whisper"


@st.composite
def limit_boards(draw):
    players = ("P1", "P2", "P3")[:draw(st.integers(2, 3))]
    limit, most = draw(st.integers(1, 2)), draw(st.integers(1, 2))
    cards = []
    for p in players:
        cards += [Card(id=f"{p.lower()}d{k}", title="Deck", owner=p, zone="draw deck", type="attachment")
                  for k in range(4)]
    victims = [f"v{k}" for k in range(draw(st.integers(1, 3)))]
    cards += [Card(id=v, title="Victim", owner=draw(st.sampled_from(players))) for v in victims]
    copies = []
    for k in range(draw(st.integers(2, 5))):
        title = draw(st.sampled_from([LIMITED, MAXED]))
        as_event = draw(st.booleans())
        effect = (Instruction(Verb.DRAW, Target.YOU),) if as_event else (Instruction(Verb.GAIN_POWER, Target.SELF),)
        ability = Ability("r", Timing.REACTION, effect, when=Trigger(EventKind.KILLED),
                          **({"limit": Limit(limit, Period.ROUND)} if title == LIMITED else
                             {"max": Limit(most, Period.ROUND)}))
        cid = f"w{k}"
        copies.append((cid, as_event))
        cards.append(Card(id=cid, title=title, owner=draw(st.sampled_from(players)), abilities=(ability,),
                          **({"type": "event", "zone": "hand"} if as_event else {"type": "location"})))
    in_play = [cid for cid, as_event in copies if not as_event]
    script = [ScriptEntry(Verb.KILL, cards=(v,), id=f"k{v}") for v in victims]
    if in_play and draw(st.booleans()):
        at = draw(st.integers(0, len(script)))
        script.insert(at, ScriptEntry(Verb.TAKE_CONTROL, cards=(draw(st.sampled_from(in_play)),),
                                      player=draw(st.sampled_from(players)), id="steal"))
    if draw(st.booleans()):         # the plot phase begins: a new round (Appendix I, 1.1)
        script.insert(draw(st.integers(0, len(script))), ScriptEntry(Verb.BEGIN_PHASE, phase="plot", id="plot"))
    return Scenario("limits", players, draw(st.sampled_from(players)), tuple(cards), tuple(script)), limit, most


def _key(step, card_obj: str, player: str) -> tuple:
    """What a use counts against for ``player``: the copy for a limit, the title for a max."""
    card = step.before.cards[card_obj.partition("@")[0]]
    return (player, card.title) if card.title == MAXED else (player, card_obj)


@SETTINGS
@given(limit_boards(), st.data())
def test_no_limit_or_maximum_ever_crosses_players(board, data):
    scenario, limit, most = board
    game = played(scenario, data)
    if game is None:
        return
    used: Counter = Counter()
    allowed = {LIMITED: limit, MAXED: most}
    for step in game.timeline:
        if step.state.phase == "plot" != step.before.phase:   # a new round: every "per round" count starts again
            used.clear()
            event("a new round began")
        for v in step.verdicts:
            if v.code is Code.LIMIT_REACHED:
                card = step.before.cards[v.card.partition("@")[0]]
                key = _key(step, v.card, card.controller)
                assert used[key] >= allowed[card.title], \
                    f"{v.card} refused for its limit ({v.detail}) though {card.controller} used it {used[key]} time(s)"
                event("refused at the player's own limit")
        if step.what == "use":
            obj = step.args_dict()["use"].partition(".")[0]
            card = step.before.cards[obj.partition("@")[0]]
            key = _key(step, obj, card.controller)
            used[key] += 1
            assert used[key] <= allowed[card.title], f"{card.controller} used {key[1]} past their own limit"
    if len({p for p, _ in used}) > 1:
        event("several players used limited abilities")
