"""Scenario files as text, small enough to read in a test and edit with ``str.replace``.

``AGOT`` and ``RIFT`` are the plainest files of A Game of Thrones and Riftbound (a card with a
reaction, or a triggered ability, and a kill), for the tests that edit one word to see it refused
or read differently. ``STACK`` is the stack ruleset's (``stack_ruleset``): two reactions to one
kill, the newest resolving first; the conformance suite plays it too.
"""
from __future__ import annotations

STACK = """
ruleset: stack
title: Two responses, newest first
players: [P1, P2]
first_player: P1
cards:
  - {id: d1, title: Card, owner: P1, zone: library, type: spell}
  - {id: d2, title: Card, owner: P2, zone: library, type: spell}
  - {id: g, title: Goblin, owner: P2, zone: board, type: creature}
  - id: w
    title: Watcher
    owner: P1
    zone: board
    type: creature
    abilities:
      - {id: r, timing: reaction, when: {event: killed}, effect: [{do: draw, target: you}]}
  - id: m
    title: Mourner
    owner: P2
    zone: board
    type: creature
    abilities:
      - {id: r, timing: reaction, when: {event: killed}, effect: [{do: draw, target: you}]}
script:
  - {do: kill, cards: [g], id: k}
answers:
  - "act or pass | s:k:responses | P1 | #1 -> w.r@s:k:killed:g"
  - "act or pass | s:k:responses | P2 | #1 -> m.r@s:k:killed:g"
expect:
  cards:
    g: {zone: graveyard}
  hands: {P1: [d1], P2: [d2]}
  verdicts:
    - {sequence: "s:k", step: respond, card: w, ability: r, code: eligible}
"""

AGOT = """
ruleset: agot
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: c1
    title: Ser Test
    owner: P1
    abilities:
      - {id: r, timing: reaction, when: {event: killed}, effect: [{do: draw, target: you}]}
  - {id: d, title: Deck card, owner: P1, zone: draw deck, type: attachment}
script:
  - {do: kill, cards: [c1]}
"""

RIFT = """
ruleset: riftbound
title: t
players: [P1, P2]
first_player: P1
cards:
  - id: u1
    title: Test Unit
    owner: P1
    zone: base
    type: unit
    might: 2
    abilities:
      - {id: t, timing: triggered, when: {event: killed}, effect: [{do: draw, target: you}]}
  - {id: d, title: Deck card, owner: P1, zone: main deck, type: spell}
script:
  - {do: kill, cards: [u1]}
"""
