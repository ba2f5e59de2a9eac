"""A Game of Thrones' step codes: what each step of a sequence and of a resolving ability records.

A ``str`` enum: a member equals (and hashes as) its value, so ``step.what == "occurs"``, sets of
codes and JSON keep working; :mod:`rulekit.rulesets.agot.words` gives each a sentence.
"""
from __future__ import annotations

from rulekit.core.frozen import Word


class AgotStep(Word):
    # the sequence (rulekit.rulesets.agot.sequence)
    SCRIPT = "script"                     # the script's occurrence opens its sequence
    IMMINENT = "imminent"                 # step 1
    WINDOW_EMPTY = "window-empty"         # a window in which nobody has an eligible ability
    WINDOW_OPENS = "window-opens"
    WINDOW_CLOSES = "window-closes"       # every player passed in a row
    PASS = "pass"
    USE = "use"                           # a player uses an ability in a window
    NO_FORCED = "no-forced"
    FORCED = "forced"                     # a forced ability resolves (steps 3 and 6)
    OCCURS = "occurs"                     # step 5
    CANCELLED = "cancelled"               # the condition was cancelled: its sequence ends
    CHANGED = "changed"                   # the condition was changed (saved): it leaves its group
    DELAYED = "delayed"                   # a delayed effect resolves before the reactions
    # a resolving ability (rulekit.rulesets.agot.resolution)
    COST_PAID = "cost-paid"
    COSTS = "costs"                       # an ability's several costs are paid together: one nested sequence
    TARGET = "target"
    INITIATION = "initiation"             # the initiation of the effect opens its own sequence
    INITIATES = "initiates"
    CANCELS = "cancels"
    REPLACES = "replaces"                 # a replacement is initiated: it resolves at step 5
    CHANGES = "changes"                   # a "would … instead" read as a change (agot.would-instead)
    SAVES = "saves"
    PLAYED = "played"                     # an event card is played: it leaves the hand, in no out-of-play area
    PLACED = "placed"                     # a played event card is placed in its owner's discard pile
    EFFECT_CANCELLED = "effect-cancelled"
    DELAYS = "delays"                     # a delayed effect is set up
    THEN_SKIPPED = "then-skipped"
    THEN_NO_TARGET = "then-no-target"     # the part after "then" has too few valid targets: it fails (agot.then.targets)
    INSTRUCTION = "instruction"           # an instruction opens a nested sequence
    CONDITION_FALSE = "condition-false"
    NOTHING = "nothing"
    NOT_MODELLED = "not-modelled"         # an effect rulekit does not simulate resolves: nothing changes
    CHANCE = "chance"                     # the game answers which cards an instruction takes at random (rulekit.chance)
    SHUFFLED = "shuffled"                 # a draw deck is shuffled: the game answers what ends on top (rulekit.chance)
    SEARCH = "search"                     # a search finds a card, or nothing (agot.search)
    RESOLVED = "resolved"
    # a challenge (rulekit.rulesets.agot.challenges)
    CHALLENGE_INITIATED = "challenge-initiated"   # 4.2: the attackers are declared (and kneel)
    NO_CHALLENGE = "no-challenge"                 # no declared attacker is eligible: no challenge
    DEFENDERS_DECLARED = "defenders-declared"     # 4.2.1
    NO_DEFENDERS = "no-defenders"
    CHALLENGE_WON = "challenge-won"               # 4.2.2: STR compared, a winner and a loser
    NO_WINNER = "no-winner"                       # 4.2.2: neither side can win
    CHALLENGE_ENDS = "challenge-ends"             # 4.2.6
    KEYWORDS_PASS = "keywords-pass"               # 4.2.5: the winner uses no more pillage (agot.pillage)
    KEYWORDS_DONE = "keywords-done"               # 4.2.5: no pillage (left) that the winner may use

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)
