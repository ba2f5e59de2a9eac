"""Scenario files as text, small enough to read in a test and edit with ``str.replace``.

``STACK`` is the stack ruleset's (``stack_ruleset``): two reactions to one kill, the newest
resolving first. The conformance suite plays it too.
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
  - "act or pass | s:k:responses | P1 | #0 -> w.r@s:k:killed:g"
  - "act or pass | s:k:responses | P2 | #0 -> m.r@s:k:killed:g"
expect:
  cards:
    g: {zone: graveyard}
  hands: {P1: [d1], P2: [d2]}
  verdicts:
    - {sequence: "s:k", step: respond, card: w, ability: r, code: eligible}
"""
