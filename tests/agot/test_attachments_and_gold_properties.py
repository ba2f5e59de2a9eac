"""Properties of attachments and gold on generated A Game of Thrones boards (rules
``agot.attachment`` and ``agot.gold``): whatever is played, an attachment is in play only while
the card it is attached to is, and leaves play in the same occurrence as that card, to its
owner's hand or (terminal) discard pile; no gold pool goes below zero, and an ability whose cost
pays gold is used only when its controller's pool held that gold."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from rulekit.core import ids
from rulekit.core.events import Verb
from strategies import played, scenarios

SETTINGS = settings(max_examples=int(__import__("os").environ.get("RK_EXAMPLES", 50)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _attachments(scenario):
    return [c for c in scenario.cards if c.extension is not None and c.attached_to is not None]


@SETTINGS
@given(scenarios(), st.data())
def test_an_attachment_is_in_play_only_while_its_card_is(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    for step in game.timeline:
        cards = step.state.cards
        for card in cards.values():
            if card.extension is None or card.attached_to is None:
                continue
            assert card.zone == "play area", f"{card.obj} is attached to {card.attached_to} from the {card.zone}"
            assert cards[card.attached_to].zone == "play area", \
                f"{card.obj} is in play attached to {card.attached_to}, which is in the {cards[card.attached_to].zone}"


@SETTINGS
@given(scenarios(), st.data())
def test_an_attachment_leaves_play_in_the_occurrence_its_card_leaves_in(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    for att in _attachments(scenario):
        for step in game.timeline:
            before, after = step.before.cards, step.state.cards
            host_left = before[att.attached_to].zone == "play area" and after[att.attached_to].zone != "play area"
            was_on = before[att.id].zone == "play area" and before[att.id].attached_to == att.attached_to
            if not (host_left and was_on):
                continue
            gone = after[att.id]
            assert gone.zone == ("discard pile" if att.terminal else "hand"), (att.id, gone.zone)
            assert gone.controller == att.owner and gone.incarnation == before[att.id].incarnation + 1
            occurred = step.args_dict().get("occurred", ()) if step.what == "occurs" else ()
            if any(tc.endswith(f":{before[att.attached_to].obj}") for tc in occurred):
                # the card's leaving occurred here: so did the attachment's, in the same occurrence
                event = "discarded" if att.terminal else "returned-to-hand"
                assert any(tc.endswith(f":{event}:{before[att.id].obj}") for tc in occurred), (att.id, occurred)


@SETTINGS
@given(scenarios(), st.data())
def test_gold_is_paid_only_from_a_pool_that_holds_it(scenario, data):
    game = played(scenario, data)
    if game is None:
        return
    for step in game.timeline:
        for player in step.state.players:
            assert all(v >= 0 for v in step.state.pool(player).values())
        if step.what not in ("use", "forced"):
            continue
        use = ids.parse_use(step.args_dict()["use"])
        card = step.before.cards[ids.card_id(use.obj)]
        ability = card.ability(use.ability)
        due = sum(i.amount for i in ability.cost if i.do is Verb.PAY)
        assert step.before.pool(card.controller).get("gold", 0) >= due, (use, step.before.pool(card.controller))
