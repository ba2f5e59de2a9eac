"""What A Game of Thrones' printed cards say that this ruleset models, item by item: the names a
corpus card's ``covers`` may use (``tests/cards/agot/``). The issue after #24 (challenges,
factions, attachments, gold …) adds its items here, first with ``built=False``."""
from __future__ import annotations

from rulekit.core.ruleset import VocabularyItem as _V

VOCABULARY = (
    _V("reaction", "'Reaction: After …' and 'Forced Reaction: After …' (agot.tc.6, agot.tc.7)"),
    _V("interrupt", "'Interrupt: When …' and 'Forced Interrupt: When …' (agot.tc.3, agot.tc.4)"),
    _V("would", "'When … would …' interrupts, changes and saves (agot.would, agot.change)"),
    _V("cancel", "'cancel the effects of …' an ability's initiation (agot.cancel)"),
    _V("duplicates", "a duplicate's save (agot.save.duplicate)"),
    _V("instead", "'… instead' replacements (agot.replacement)"),
    _V("then", "'Then, …': only if the part before resolved in full (agot.then)"),
    _V("limits", "'Limit X per …' and 'Max X per …', counted per player (agot.limit)"),
    _V("constant", "constant abilities: 'cannot be killed', 'cannot be saved', 'cannot be cancelled' (agot.constant)"),
    _V("delayed", "delayed effects: 'at the end of the phase, …' (agot.delayed)"),
    _V("events", "playing an event card from hand, and 'after an opponent plays an event' (agot.event.played)"),
    _V("challenges", "'wins a challenge' / 'loses a challenge' as triggering conditions"),
    _V("phases", "'when the … phase begins / ends' as triggering conditions"),
    _V("costs", "costs paid before targets are chosen: kneel, sacrifice (agot.initiate.cost-paid)"),
    _V("targets", "chosen targets, and 'each …' (agot.initiate.targets)"),
    _V("zones", "abilities that work outside play: from hand, the dead pile, the discard pile "
                "(agot.abilities.zones)"),
    _V("attachments", "attachments attached to a card, 'attached character', and leaving play with it: back to "
                      "its owner's hand, or discarded if terminal (agot.attachment)"),
    _V("gold", "the gold pool, 'gain N gold', and 'pay N gold to …' as a cost (agot.gold)"),
    _V("not-modelled", "an effect rulekit does not simulate, named in words so the trigger can be taught "
                       "(rulekit.not-modelled)"),
)
