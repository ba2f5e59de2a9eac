"""Riftbound's step codes: what each step of trigger evaluation and the Chain records.

A ``str`` enum: a member equals (and hashes as) its value, so ``step.what == "rb-occurs"``,
sets of codes and JSON keep working; :data:`rulekit.rulesets.riftbound.chain.STAGES` names
the codes recorded at each stage of the Chain loop.
"""
from __future__ import annotations

from rulekit.core.frozen import Word


class RbStep(Word):
    OCCURS = "rb-occurs"                  # events processed at once (Deathknells captured first)
    TRIGGERS = "rb-triggers"              # triggers evaluated after the events
    MAY = "rb-may"                        # a "you may" decided (when fulfilled, or at resolution)
    PLACED = "rb-placed"                  # a triggered item put on the Chain, pending
    ADDS = "rb-adds"                      # a player with priority adds an item
    EVENT_CHOSEN = "rb-event-chosen"      # a numbered trigger's event chosen at finalization
    TARGET = "rb-target"                  # a target chosen at finalization
    CHOSEN = "rb-chosen"                  # a card a player chose as the item resolves (each player chooses)
    REMOVED = "rb-removed"                # no legal target at finalization: removed from the Chain
    FINALIZED = "rb-finalized"            # no longer pending
    PRIORITY = "rb-priority"              # the newest item's controller receives priority
    PASS = "rb-pass"                      # priority passes
    RESOLVES = "rb-resolves"              # all passed in a row: the newest item resolves
    RECHECK = "rb-recheck"                # (ruling rb.recheck-condition=intervening-if) the condition again
    CONDITION_FALSE = "rb-condition-false"
    NULL = "rb-null"                      # information about a gone object is null
    CHANCE = "rb-chance"                  # the game answers which cards an instruction takes at random (rulekit.chance)
    SHUFFLED = "rb-shuffled"              # a deck is shuffled: the game answers what ends on top (rulekit.chance)
    NOTHING = "rb-nothing"                # the instruction could change nothing
    PLAY_PENDING = "rb-play-pending"      # an effect plays a card: it goes on the Chain, pending (419.3, 354)
    NOT_MODELLED = "rb-not-modelled"      # an effect rulekit does not simulate resolves: nothing changes
    REPLACES = "rb-replaces"              # a replacement effect set up
    REPLACEMENT_ORDER = "rb-replacement-order"   # several replacements apply to one event: its owner orders them
    ABILITY_CONTROL = "rb-ability-control"   # control of an item on the Chain changes
    RESOLVED = "rb-resolved"
    CHAIN_EMPTY = "rb-chain-empty"
    OPEN_PASS = "rb-open-pass"            # the turn player passes with no Chain: the open window closes
    NO_HOLD = "rb-no-hold"                # the Scoring Step: the turn player controls no battlefield to hold
    NO_COMBAT = "rb-no-combat"            # a combat entry where two players' units are not both present
    SHOWDOWN_PASS = "rb-showdown-pass"    # the player with Focus passes; Focus passes, or the Showdown ends
    FOCUS = "rb-focus"                    # the Chain started with Focus is gone: Focus passes (346)
    NO_DAMAGE = "rb-no-damage"            # no combat damage: attackers or defenders are gone (460.1)
    COMBAT_CLEANUP = "rb-combat-cleanup"  # units healed, attackers recalled if defenders remain (461.1)
    COMBAT_RESULT = "rb-combat-result"    # no single player establishes control (461.3.d, 461.5.b)
    COMBAT_ENDS = "rb-combat-ends"        # the designations are removed (461.7)
    CHAIN_WAITS = "rb-chain-waits"        # combat's Resolution Step: the pending items wait (460.3, 320.1)
    CHAIN_RELEASED = "rb-chain-released"  # a task of the Resolution Step is done: the waiting items are processed

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    __hash__ = str.__hash__     # hashes as its value, so sets and dicts of codes match plain strings
