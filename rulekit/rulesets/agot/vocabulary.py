"""What A Game of Thrones' printed cards say that this ruleset models, item by item: the names a
corpus card's ``covers`` may use (``tests/cards/agot/``): the triggering-condition sequence's
items, then issue #25's (challenges, factions, attachments, gold, history, plots, chance …)."""
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
    _V("challenges", "challenges: declared as an attacker / a defender, attacking, defending, participating, "
                     "'win a challenge' as the attacking / defending player, 'by N or more STR', unopposed "
                     "(agot.challenge; Appendix I, 4.2-4.2.6)"),
    _V("challenge-limits", "'Limit X per challenge' and 'Max X per challenge': each challenge a period of its own "
                           "(agot.limit)"),
    _V("lasting", "lasting effects: '+2 STR until the end of the challenge / the phase' (agot.lasting)"),
    _V("challenge-history", "the challenges so far: 'if you have not lost a challenge this round', 'won 2 or more "
                            "challenges this phase' (agot.challenge-history)"),
    _V("phases", "'when the … phase begins / ends' as triggering conditions"),
    _V("costs", "costs paid before targets are chosen, several of them together: kneel, sacrifice, "
                "'discard 2 cards from your hand' (agot.initiate.cost-paid, agot.costs)"),
    _V("targets", "chosen targets ('choose 2 …'), 'each …', 'each player chooses', 'each opponent chooses' "
                  "(agot.initiate.targets, agot.choose.several, agot.choose.order)"),
    _V("zones", "abilities that work outside play: from hand, the dead pile, the discard pile "
                "(agot.abilities.zones)"),
    _V("factions", "factions on cards and in filters ('a Stark character'; neutral), and each player's faction card, "
                   "which cannot leave play and gains power (agot.factions)"),
    _V("filters", "'unique', 'or' ('a Knight or Lord character') and numbers in filters: 'STR 3 or lower', "
                  "'lower STR than …', 'the lowest STR character' (agot.filters)"),
    _V("power", "moving power (not gained) and discarding power, and power in conditions ('if you have 3 or more "
                "power') (agot.power)"),
    _V("dominance", "'After you win dominance': the script says who wins; the winner's faction card gains 1 power "
                    "(agot.dominance)"),
    _V("attachments", "attachments attached to a card, 'attached character', and leaving play with it: back to "
                      "its owner's hand, or discarded if terminal (agot.attachment)"),
    _V("gold", "the gold pool, 'gain N gold', and 'pay N gold to …' as a cost (agot.gold)"),
    _V("not-modelled", "an effect rulekit does not simulate, named in words so the trigger can be taught "
                       "(rulekit.not-modelled)"),
    _V("chance", "'discard 1 card at random' and a searched deck's shuffle, answered by the game; a deck search, "
                 "which finds a card that fits or none (rulekit.chance, agot.chance, agot.search; RR \"Intrigue "
                 "Claim\", \"Search\")"),
    _V("several-events", "one triggering condition naming several events: 'After a character is sacrificed or "
                         "killed', one ability with one limit (agot.tc.several; RR \"Triggering Condition\")"),
    _V("entered-play", "how and when a card entered play: marshalled, ambushed, put into play; 'this phase' "
                       "(agot.entered-play; RR \"Marshal\", \"Ambush (X)\", \"Put into Play\", \"Enters Play\")"),
    _V("pillage", "the keyword Pillage: after its controller wins a challenge in which it participates, the top card "
                  "of the losing opponent's deck may be discarded, at framework step 4.2.5 (agot.pillage; RR \"Pillage\")"),
    _V("plots", "plot cards' 'When Revealed' abilities and their order (agot.when-revealed; RR \"When Revealed\", "
                "\"Plot Phase\")"),
)
