"""Boards the tests share, built with the Python builder."""
from __future__ import annotations

from rulekit.files.builder import (ScenarioBuilder, cards, condition, do, draw, forced_interrupt, forced_reaction,
                             gain_power, interrupt, kill, killed, kneel, on, reaction, stand, would_interrupt)


def deck(b: ScenarioBuilder, player: str, n: int = 3, prefix: str | None = None) -> ScenarioBuilder:
    for i in range(n):
        b.card(f"{prefix or player.lower()}d{i}", f"{player} deck card {i}", owner=player, zone="draw deck",
               type="attachment")
    return b


RAVEN = reaction("r1", killed(type="character"), [draw(1)],
                 text="Reaction: After a character is killed, draw 1 card.")
ORWYN = interrupt("i1", killed(type="character", controller="you"), [draw(1)],
                  text="Interrupt: When a character you control is killed, draw 1 card.")


def claim2(*, extra_card: bool = False, earlier_occurrence: bool = False) -> ScenarioBuilder:
    """A claim 2 military challenge kills two of P2's characters at once.

    P1's Barrowhill Raven may react once per killed character; P2's Maester Orwyn may
    interrupt once per killed character he controls.
    """
    b = ScenarioBuilder("Claim 2 military kill", players=["P1", "P2"], first_player="P1")
    if extra_card:
        b.card("x1", "Unrelated Steward", owner="P1", abilities=[
            reaction("r9", on("stands", which="self"), [gain_power(1)])])
    deck(b, "P1")
    deck(b, "P2")
    b.card("c1", "Osric Thorne", owner="P1", strength=6)
    b.card("c3", "Hollowfield Steward", owner="P2", strength=1)
    b.card("c4", "Septa Orlaine", owner="P2", strength=2)
    b.card("c6", "Barrowhill Raven", owner="P1", type="location", abilities=[RAVEN])
    b.card("c7", "Maester Orwyn", owner="P2", abilities=[ORWYN])
    if extra_card:
        b.card("x2", "Unrelated Kneeler", owner="P1", kneeling=True)
    if earlier_occurrence:
        b.stand("x2", label="an unrelated stand")
    b.kill("c3", "c4", id="claim", label="claim 2 military")
    return b


__all__ = ["RAVEN", "ORWYN", "claim2", "deck", "ScenarioBuilder", "cards", "condition", "do", "draw",
           "forced_interrupt", "forced_reaction", "gain_power", "interrupt", "kill", "killed", "kneel", "on",
           "reaction", "stand", "would_interrupt"]


def hostile() -> ScenarioBuilder:
    """A board whose every text is markup (title, names, ability text, script label), to check that
    all of it is escaped wherever it is shown."""
    b = ScenarioBuilder("<script>alert('t')</script> & co", players=["P1", "P2"], first_player="P1")
    b.card("d1", "<i>Deck</i>", owner="P1", zone="draw deck", type="attachment")
    b.card("c3", "<b>Steward</b>", owner="P2")
    b.card("c6", "Raven <img src=x onerror=alert(1)>", owner="P1", type="location", abilities=[
        reaction("r1", killed(type="character"), [draw(1)], text="Reaction: <u>after</u> a kill, draw 1 & smile.")])
    b.kill("c3", id="k", label="<kill>")
    return b


def optional_reactions(n: int):
    """``n`` locations, each with "Reaction: After a character is killed, gain 1 power", split between
    the two players, and one character killed: every subset in every order is a line, and which
    of them gained power is the outcome (2**n outcomes)."""
    b = ScenarioBuilder(f"{n} optional reactions", players=["P1", "P2"], first_player="P1")
    b.card("v", "Victim", owner="P2")
    for i in range(n):
        b.card(f"f{i}", f"Watcher {i}", owner="P1" if i % 2 == 0 else "P2", type="location",
               abilities=[reaction("r", killed(type="character"), [gain_power(1)])])
    return b.kill("v", id="k", label="kill").build()
