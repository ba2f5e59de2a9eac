"""What Riftbound's printed cards say that this ruleset models, item by item (issue #24): the
names a corpus card's ``covers`` may use (``tests/cards/riftbound/``). ``built=False`` marks an
item listed but not modelled yet; the corpus test expects its coverage to fail until the commit
that builds it sets ``built`` to true."""
from __future__ import annotations

from rulekit.core.ruleset import VocabularyItem as _V

VOCABULARY = (
    # issue #24's items, most-needed first
    _V("play", "playing a card: a unit or gear, or a spell played with priority, played as it resolves, or a "
               "card an effect plays ('play me from your trash'): 'When you play me / a gear / another unit / a "
               "spell / a card' (rb.play, rb.play-spell, rb.play-effect; 351.1, 383.4.a, 419.3, 419.4.a)"),
    _V("conquer-hold", "conquering and holding a battlefield: 'When I conquer', 'When you hold' (rb.conquer, rb.hold; "
                       "315.2.b, 383.4.c-d, 464-466)"),
    _V("battlefields", "several named battlefields, and 'here' at each of them (rb.battlefields; 107.2, 359.3.f.2)"),
    _V("this-turn-might", "Might changed 'this turn', and Might reductions (rb.this-turn, rb.might; 143.2.a, 317.2)"),
    _V("buffs", "buffs as counters: at most one, 'spend a buff', 'buffed' (rb.buffs; 426.1.b, 702, 703, 705)"),
    _V("resources", "runes, energy and power as costs and resources: channel, pay, recycle (rb.resources, "
                    "rb.channel-recycle; 161-167, 416, 429, 430)"),
    _V("keywords", "keywords on cards and tokens (Temporary, Deflect, Tank, Hidden, Legion, Level …) "
                   "as far as they touch timing (rb.keywords: Temporary and Legion modelled, others carried, "
                   "Level refused; 812, 816)"),
    _V("combat", "combat and showdowns: attack, defend, combat damage, combat ends, Focus (rb.combat, rb.showdown; "
                 "312.2.b, 383.4.e-f, 459-461)"),
    _V("ready-exhaust", "readying and exhausting: 'When I'm readied', 'When you exhaust an enemy unit' "
                        "(414, 415)"),
    _V("leaves-board", "a card's own leaving the board other than by dying (Deathknell): 'When I leave the "
                       "board', 'When I'm returned to hand' (ruling rb.own-leaving; 383.2.c.2, 384.2)"),
    _V("would-instead", "a standing 'would … instead' replacement printed on a card (rb.standing-replacement; "
                        "369-373)"),
    _V("turn", "turn qualifiers: 'on your turn', 'on an opponent's turn' (rb.turn; 383.2.a)"),
    _V("chance", "randomness and hidden information answered by the game: 'at random', a shuffle "
                 "(rulekit.chance, rb.chance; 002, 108.4.d, 422.1.a)"),
    _V("not-modelled", "an effect rulekit does not simulate, named in words so the trigger can be taught "
                       "(rulekit.not-modelled)"),
    # the general ones built before issue #24
    _V("deathknell", "'When I die' (Deathknell): captured as the card dies, read as it was on the board"),
    _V("damage", "dealing damage, and units with lethal damage dying in the cleanup"),
    _V("move", "moving a unit between its base and a battlefield, and 'here' read when it executes"),
    _V("tokens", "playing token units or gear under the ability's controller: a token is played, but is no card "
                 "(rb.tokens; 182.1.a, 350.2, 052)"),
    _V("costs", "a cost within a triggered ability's instructions, paid when its item is finalized (383.3.b)"),
    _V("once-per-turn", "'once each turn': an ability that has triggered this turn does not trigger again"),
    _V("nth-time", "'the Nth time … each turn': counted per turn, one trigger for simultaneous events"),
    _V("optional", "'you may': decided when the trigger condition is fulfilled (383.3.a)"),
    _V("targets", "choosing targets when the item is finalized; 'up to N', 'two enemy units'; no legal target "
                  "removes it; 'each player …' chooses as it resolves (rb.each-chooses)"),
    _V("control", "friendly and enemy judged from the controller; taking control of an item on the Chain"),
    _V("grant", "abilities given to and taken from a card by an effect ('gains', 'loses')"),
)
