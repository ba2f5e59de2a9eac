"""A small Riftbound board whose names and texts try to break out of the page (invented cards)."""
from __future__ import annotations

SCRIPT_NAME = "<script>alert(1)</script>"
ATTRIBUTE_NAME = "\"><img src=x onerror=alert(2)>"
TEXT = "When a unit dies, you may draw 1. </template><script>alert(3)</script>"
TITLE = "</title><script>alert(4)</script> & a board"

HOSTILE = f"""
ruleset: riftbound
title: {TITLE!r}
players: [P1, P2]
first_player: P1
cards:
  - {{id: p1m0, title: Deck Card, owner: P1, zone: main deck, type: unit}}
  - id: crow
    title: {SCRIPT_NAME!r}
    owner: P1
    type: unit
    zone: base
    abilities:
      - {{id: w, timing: triggered, optional: true, once_per_turn: true, when: {{event: killed, card: {{type: unit}}}},
         effect: [{{do: draw, target: you}}], text: {TEXT!r}}}
  - {{id: v1, title: {ATTRIBUTE_NAME!r}, owner: P2, type: unit, might: 1, zone: base}}
  - {{id: v2, title: Second Victim, owner: P2, type: unit, might: 1, zone: base}}
script:
  - {{do: kill, cards: [v1], id: first}}
  - {{do: kill, cards: [v2], id: second}}
"""
