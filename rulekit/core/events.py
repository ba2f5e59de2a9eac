"""Events and triggering conditions: what can happen, and one occurrence's conditions.

Every kind of occurrence goes through one table, :data:`EVENTS`: its verb (what an effect or
the script says to do), what it is about (a card, a player or a phase), which other kinds it
also counts as ("killed" is also "leaves play"), and how it changes the state when it occurs
(step 5). Adding a kind of event is adding a row there and an ``apply`` function in
:mod:`rulekit.occur`.
"""
from __future__ import annotations


from rulekit.core.frozen import Word, immutable


class EventKind(Word):
    KILLED = "killed"
    DISCARDED = "discarded"
    SACRIFICED = "sacrificed"
    RETURNED_TO_HAND = "returned to hand"
    LEAVES_PLAY = "leaves play"
    ENTERS_PLAY = "enters play"
    KNEELS = "kneels"
    STANDS = "stands"
    GAINS_POWER = "gains power"
    DRAWS = "draws"
    WINS_CHALLENGE = "wins a challenge"
    LOSES_CHALLENGE = "loses a challenge"
    PHASE_BEGINS = "phase begins"
    PHASE_ENDS = "phase ends"
    ROUND_BEGINS = "round begins"
    INITIATES = "effect initiates"
    SAVED = "saved"
    PLAYED = "played"
    MOVES = "moves"
    ATTACKS = "attacks"
    TURN_ENDS = "turn ends"
    CONTROL_CHANGES = "changes control"
    GAINS_ABILITY = "gains an ability"
    LOSES_ABILITY = "loses an ability"
    DAMAGED = "is dealt damage"
    MIGHT_CHANGES = "gets might"
    CREATED = "is created"              # a token (Riftbound: played as it is created, so it counts as played)
    BUFFED = "buffed"                   # a buff counter is placed on a unit (Riftbound)
    BUFF_SPENT = "buff spent"           # a unit's buff counter is spent (Riftbound)
    CONQUERS = "conquers"               # a player gains control of a battlefield and scores it (Riftbound)
    HOLDS = "holds"                     # a player keeps control of a battlefield and scores it (Riftbound)
    DEFENDS = "defends"                 # a unit gains a defender designation (Riftbound)
    CHANNELED = "channeled"            # a card taken from a deck onto the board (Riftbound: a rune channeled)
    RECYCLED = "recycled"              # a card put on the bottom of its deck
    ADDS = "adds"                      # a player adds resources to their pool
    PAYS = "pays"                      # a player pays resources from their pool
    RECALLED = "is recalled"           # a permanent put back in its base without a move (Riftbound)
    POWER_MOVED = "power moved"        # power moved from a card to another (A Game of Thrones; not "gained")
    POWER_DISCARDED = "power discarded"   # power discarded from a card, back to the treasury (A Game of Thrones)
    WINS_DOMINANCE = "wins dominance"  # a player wins dominance (A Game of Thrones, the dominance phase)
    STRENGTH_CHANGES = "gets strength"  # a character's STR changes (A Game of Thrones: "+2 STR until …")
    REVEALED = "revealed"              # a card is revealed (A Game of Thrones: a plot, which its ruleset places)
    PLACED = "placed"                  # a card placed in an out-of-play area (A Game of Thrones: on top or at the bottom of its deck)

    def __str__(self) -> str:  # pragma: no cover - readability in f-strings
        return self.value


class Verb(Word):
    """What a script entry or an instruction says to do."""

    KILL = "kill"
    DISCARD = "discard"
    SACRIFICE = "sacrifice"
    RETURN_TO_HAND = "return to hand"
    LEAVE_PLAY = "leave play"
    PUT_INTO_PLAY = "put into play"
    KNEEL = "kneel"
    STAND = "stand"
    GAIN_POWER = "gain power"
    DRAW = "draw"
    WIN_CHALLENGE = "win challenge"
    BEGIN_PHASE = "begin phase"
    END_PHASE = "end phase"
    BEGIN_ROUND = "begin round"
    CANCEL = "cancel"
    SAVE = "save"
    REPLACE = "replace"
    PLAY = "play"
    INITIATE = "initiate"
    DELAY = "delay"
    MOVE = "move"
    ATTACK = "attack"
    END_TURN = "end turn"
    TAKE_CONTROL = "take control"
    GRANT = "grant"
    REMOVE_ABILITY = "remove ability"
    READY = "ready"
    EXHAUST = "exhaust"
    DEAL_DAMAGE = "deal damage"
    BUFF = "buff"                       # place a buff counter (at most one on a unit)
    SPEND_BUFF = "spend buff"           # remove a unit's buff counter
    GIVE_MIGHT = "give might"           # +N or -N Might (``this_turn``: until the turn ends)
    CREATE = "create"
    CONQUER = "conquer"
    HOLD = "hold"
    DEFEND = "defend"
    COMBAT = "combat"                              # Riftbound: a combat at a battlefield, as far as rulekit models it
    CHALLENGE = "challenge"                        # A Game of Thrones: a challenge, as far as rulekit models it
    GIVE_STRENGTH = "give strength"                # +N or -N STR (``until``: a lasting effect's end)
    CHANNEL = "channel"
    RECYCLE = "recycle"
    ADD = "add"
    PAY = "pay"
    RECALL = "recall"                              # Riftbound: to its base, not a move (450-451)
    MOVE_POWER = "move power"                      # from a card to another (``to``): A Game of Thrones
    DISCARD_POWER = "discard power"                # from a card: A Game of Thrones
    WIN_DOMINANCE = "win dominance"                # the rules (the script) say who wins dominance
    NOT_MODELLED = "not modelled"                  # an effect rulekit names in words but does not simulate
    SHUFFLE = "shuffle"                            # a player's deck: the game answers its new top (rulekit.chance)
    REVEAL = "reveal"                              # reveal cards (A Game of Thrones: each player's chosen plot)
    PLACE = "place"                                # A Game of Thrones: place a card in its owner's deck (``to``: top or bottom)
    CANNOT_BE_SAVED = "cannot be saved"            # constant abilities (A Game of Thrones)
    CANNOT_BE_CANCELLED = "cannot be cancelled"
    CANNOT_BE_KILLED = "cannot be killed"

    def __str__(self) -> str:  # pragma: no cover
        return self.value


class Subject(Word):
    CARD = "card"
    PLAYER = "player"
    PHASE = "phase"


@immutable
class EventDef:
    kind: EventKind
    verb: Verb
    subject: Subject
    counts_as: tuple[EventKind, ...] = ()
    moves_card: bool = False          # the subject card changes zones (and becomes a new object)
    from_play: bool = False           # only a card in play can undergo it
    player_named: bool = False        # the player it is about is the one the entry or effect names (a new
                                      # controller, a scorer), not the card's controller
    ruleset_applies: bool = False     # what it changes is its ruleset's own (Ruleset.apply_event)


EVENTS: dict[EventKind, EventDef] = {e.kind: e for e in (
    EventDef(EventKind.KILLED, Verb.KILL, Subject.CARD, (EventKind.LEAVES_PLAY,), True, True),
    EventDef(EventKind.DISCARDED, Verb.DISCARD, Subject.CARD, (EventKind.LEAVES_PLAY,), True, False),
    EventDef(EventKind.SACRIFICED, Verb.SACRIFICE, Subject.CARD, (EventKind.LEAVES_PLAY,), True, True),
    EventDef(EventKind.RETURNED_TO_HAND, Verb.RETURN_TO_HAND, Subject.CARD, (EventKind.LEAVES_PLAY,), True, True),
    EventDef(EventKind.LEAVES_PLAY, Verb.LEAVE_PLAY, Subject.CARD, (), True, True),
    EventDef(EventKind.ENTERS_PLAY, Verb.PUT_INTO_PLAY, Subject.CARD, (), True, False),
    EventDef(EventKind.KNEELS, Verb.KNEEL, Subject.CARD, (), False, True),
    EventDef(EventKind.STANDS, Verb.STAND, Subject.CARD, (), False, True),
    EventDef(EventKind.GAINS_POWER, Verb.GAIN_POWER, Subject.CARD, (), False, True),
    EventDef(EventKind.DRAWS, Verb.DRAW, Subject.PLAYER, (), False, False),
    EventDef(EventKind.WINS_CHALLENGE, Verb.WIN_CHALLENGE, Subject.PLAYER, (), False, False),
    EventDef(EventKind.LOSES_CHALLENGE, Verb.WIN_CHALLENGE, Subject.PLAYER, (), False, False),
    EventDef(EventKind.PHASE_BEGINS, Verb.BEGIN_PHASE, Subject.PHASE, (), False, False),
    EventDef(EventKind.PHASE_ENDS, Verb.END_PHASE, Subject.PHASE, (), False, False),
    EventDef(EventKind.ROUND_BEGINS, Verb.BEGIN_ROUND, Subject.PHASE, (), False, False),
    EventDef(EventKind.INITIATES, Verb.INITIATE, Subject.CARD, (), False, False),
    EventDef(EventKind.SAVED, Verb.SAVE, Subject.CARD, (), False, True),
    EventDef(EventKind.PLAYED, Verb.PLAY, Subject.CARD, (), True, False),
    EventDef(EventKind.MOVES, Verb.MOVE, Subject.CARD, (), True, False),
    EventDef(EventKind.ATTACKS, Verb.ATTACK, Subject.CARD, (), False, True, ruleset_applies=True),
    EventDef(EventKind.TURN_ENDS, Verb.END_TURN, Subject.PLAYER, (), False, False),
    EventDef(EventKind.CONTROL_CHANGES, Verb.TAKE_CONTROL, Subject.CARD, (), False, True, player_named=True),
    EventDef(EventKind.GAINS_ABILITY, Verb.GRANT, Subject.CARD, (), False, False),
    EventDef(EventKind.LOSES_ABILITY, Verb.REMOVE_ABILITY, Subject.CARD, (), False, False),
    EventDef(EventKind.DAMAGED, Verb.DEAL_DAMAGE, Subject.CARD, (), False, True),
    EventDef(EventKind.MIGHT_CHANGES, Verb.GIVE_MIGHT, Subject.CARD, (), False, True),
    EventDef(EventKind.BUFFED, Verb.BUFF, Subject.CARD, (), False, True),
    EventDef(EventKind.BUFF_SPENT, Verb.SPEND_BUFF, Subject.CARD, (), False, True),
    # a token is created by an effect; only Riftbound creates them, and there an effect that makes a token
    # plays it (Core Rules 182.1.a, 350.2), so its creation counts as its being played
    EventDef(EventKind.CREATED, Verb.CREATE, Subject.CARD, (EventKind.ENTERS_PLAY, EventKind.PLAYED), False, False),
    # scoring a battlefield: the card is the battlefield, the player the one who scores it
    EventDef(EventKind.CONQUERS, Verb.CONQUER, Subject.CARD, (), False, True, player_named=True, ruleset_applies=True),
    EventDef(EventKind.HOLDS, Verb.HOLD, Subject.CARD, (), False, True, player_named=True, ruleset_applies=True),
    EventDef(EventKind.DEFENDS, Verb.DEFEND, Subject.CARD, (), False, True, ruleset_applies=True),
    EventDef(EventKind.CHANNELED, Verb.CHANNEL, Subject.CARD, (), True, False),
    EventDef(EventKind.RECYCLED, Verb.RECYCLE, Subject.CARD, (), True, False),
    EventDef(EventKind.ADDS, Verb.ADD, Subject.PLAYER, (), False, False),
    EventDef(EventKind.PAYS, Verb.PAY, Subject.PLAYER, (), False, False),
    EventDef(EventKind.RECALLED, Verb.RECALL, Subject.CARD, (), False, True, ruleset_applies=True),
    # power on a card (A Game of Thrones): the card is the one the power leaves; ``to`` the card it goes to
    EventDef(EventKind.POWER_MOVED, Verb.MOVE_POWER, Subject.CARD, (), False, True, ruleset_applies=True),
    EventDef(EventKind.POWER_DISCARDED, Verb.DISCARD_POWER, Subject.CARD, (), False, True, ruleset_applies=True),
    EventDef(EventKind.WINS_DOMINANCE, Verb.WIN_DOMINANCE, Subject.PLAYER, (), False, False),
    EventDef(EventKind.STRENGTH_CHANGES, Verb.GIVE_STRENGTH, Subject.CARD, (), False, True),
    EventDef(EventKind.REVEALED, Verb.REVEAL, Subject.CARD, (), True, False, ruleset_applies=True),
    # from play it is a leaving play (a card that was not in play does not leave play: the matching reads where it was)
    EventDef(EventKind.PLACED, Verb.PLACE, Subject.CARD, (EventKind.LEAVES_PLAY,), True, False),
)}

#: Verbs whose events are about cards the rules pick for a player (``channel``: the top cards of that
#: player's deck): an instruction or script entry names the player, not the cards.
PLAYER_PICKS_CARDS = (Verb.CHANNEL,)

#: For each verb, the event kind it creates (``win challenge`` also creates a loss for the
#: opponent; see :func:`rulekit.occur.conditions_for`).
VERB_EVENT: dict[Verb, EventKind] = {
    Verb.KILL: EventKind.KILLED, Verb.DISCARD: EventKind.DISCARDED, Verb.SACRIFICE: EventKind.SACRIFICED,
    Verb.RETURN_TO_HAND: EventKind.RETURNED_TO_HAND, Verb.LEAVE_PLAY: EventKind.LEAVES_PLAY,
    Verb.PUT_INTO_PLAY: EventKind.ENTERS_PLAY, Verb.KNEEL: EventKind.KNEELS, Verb.STAND: EventKind.STANDS,
    Verb.GAIN_POWER: EventKind.GAINS_POWER, Verb.DRAW: EventKind.DRAWS,
    Verb.WIN_CHALLENGE: EventKind.WINS_CHALLENGE, Verb.BEGIN_PHASE: EventKind.PHASE_BEGINS,
    Verb.END_PHASE: EventKind.PHASE_ENDS, Verb.BEGIN_ROUND: EventKind.ROUND_BEGINS,
    Verb.SAVE: EventKind.SAVED, Verb.PLAY: EventKind.PLAYED, Verb.INITIATE: EventKind.INITIATES,
    Verb.MOVE: EventKind.MOVES, Verb.ATTACK: EventKind.ATTACKS, Verb.END_TURN: EventKind.TURN_ENDS,
    Verb.TAKE_CONTROL: EventKind.CONTROL_CHANGES, Verb.GRANT: EventKind.GAINS_ABILITY,
    Verb.REMOVE_ABILITY: EventKind.LOSES_ABILITY, Verb.READY: EventKind.STANDS, Verb.EXHAUST: EventKind.KNEELS,
    Verb.DEAL_DAMAGE: EventKind.DAMAGED, Verb.GIVE_MIGHT: EventKind.MIGHT_CHANGES, Verb.BUFF: EventKind.BUFFED,
    Verb.SPEND_BUFF: EventKind.BUFF_SPENT, Verb.CREATE: EventKind.CREATED,
    Verb.CONQUER: EventKind.CONQUERS, Verb.HOLD: EventKind.HOLDS, Verb.DEFEND: EventKind.DEFENDS,
    Verb.CHANNEL: EventKind.CHANNELED, Verb.RECYCLE: EventKind.RECYCLED, Verb.ADD: EventKind.ADDS,
    Verb.PAY: EventKind.PAYS, Verb.RECALL: EventKind.RECALLED,
    Verb.MOVE_POWER: EventKind.POWER_MOVED, Verb.DISCARD_POWER: EventKind.POWER_DISCARDED,
    Verb.WIN_DOMINANCE: EventKind.WINS_DOMINANCE, Verb.GIVE_STRENGTH: EventKind.STRENGTH_CHANGES,
    Verb.REVEAL: EventKind.REVEALED, Verb.PLACE: EventKind.PLACED,
}

#: Verbs whose ``amount`` may be negative ("give a unit -3 Might"); for every other verb it is 0 or more.
SIGNED_VERBS = (Verb.GIVE_MIGHT, Verb.GIVE_STRENGTH)

#: Verbs whose change may last only "this turn" (``this_turn``); no other verb takes it. (Riftbound's
#: ``replace``: "the next time it would die this turn, … instead" expires when the turn ends.)
THIS_TURN_VERBS = (Verb.GIVE_MIGHT, Verb.REPLACE)

#: Verbs whose ``amount`` is how much of something each target gets, gives or takes (power, STR, Might,
#: damage, cards drawn, resources, tokens, runes, the depth of a shuffle). For every other verb an
#: instruction whose cards are chosen (``chosen``, ``each player chooses``, ``each opponent chooses``)
#: reads ``amount`` as how many cards each chooser chooses ("choose 2 characters", "discard 2 cards").
QUANTITY_VERBS = frozenset({Verb.GAIN_POWER, Verb.DRAW, Verb.MOVE_POWER, Verb.DISCARD_POWER, Verb.GIVE_MIGHT,
                            Verb.GIVE_STRENGTH, Verb.DEAL_DAMAGE, Verb.ADD, Verb.PAY, Verb.CHANNEL, Verb.CREATE,
                            Verb.SHUFFLE})

#: Verbs that take no amount: each places or removes one counter ("a unit has at most one buff").
ONE_COUNTER_VERBS = (Verb.BUFF, Verb.SPEND_BUFF)

#: Verbs that change a triggering condition instead of the board (they create none of their own).
CONDITION_VERBS = (Verb.CANCEL, Verb.REPLACE)

#: Verbs of constant abilities: what a card (or the cards a filter names) cannot undergo while
#: the ability is active. They create no triggering condition.
RESTRICTION_VERBS = (Verb.CANNOT_BE_SAVED, Verb.CANNOT_BE_CANCELLED, Verb.CANNOT_BE_KILLED)

#: The verb of an effect rulekit does not simulate: named in words (``text``), it changes nothing
#: when it resolves and creates no triggering condition (rule ``rulekit.not-modelled``).
NOT_MODELLED_VERBS = (Verb.NOT_MODELLED,)

#: Verbs whose outcome the game answers by chance (rule ``rulekit.chance``) and that make no event
#: of their own: ``shuffle`` reorders a player's deck, which no event reports.
CHANCE_VERBS = (Verb.SHUFFLE,)

#: Verbs only the rules themselves (or the script) use, never an ability's instruction.
RULES_ONLY_VERBS = (Verb.WIN_CHALLENGE, Verb.BEGIN_PHASE, Verb.END_PHASE, Verb.BEGIN_ROUND, Verb.PLAY,
                    Verb.INITIATE, Verb.END_TURN, Verb.ATTACK, Verb.CONQUER, Verb.HOLD, Verb.DEFEND, Verb.COMBAT,
                    Verb.WIN_DOMINANCE, Verb.CHALLENGE, Verb.REVEAL)


_COUNTED = {kind: (kind,) + spec.counts_as for kind, spec in EVENTS.items()}


def kinds_counted(kind: EventKind) -> tuple[EventKind, ...]:
    """The kind itself and every kind it also counts as, in that order."""
    return _COUNTED[kind]
