"""The builder's instructions (:mod:`rulekit.files.builder` re-exports them): one function per
verb a card's cost or effect uses, returning plain :class:`~rulekit.core.abilities.Instruction`
data; strings are accepted wherever an enum is expected ("you", "that card")."""
from __future__ import annotations

from rulekit.core.abilities import CardFilter, ChallengeCount, Condition, Instruction, Period, Target, Token, Who
from rulekit.core.events import Verb
from rulekit.core.frozen import replace


# -- instructions ---------------------------------------------------------------------------------
def do(verb, target="self", filter: CardFilter | None = None, amount: int = 1, condition=()) -> Instruction:
    """An instruction: ``do("kill", "chosen", cards(type="character", controller="opponent"))``."""
    return Instruction(Verb(verb), Target(target), filter, amount, tuple(condition))


#: who chooses, as :func:`choose` takes it, and the target that says so
CHOOSERS = {"you": Target.CHOSEN, "each player": Target.EACH_PLAYER, "each opponent": Target.EACH_OPPONENT}


def choose(verb, count: int = 1, filter: CardFilter | None = None, *, by: str = "you", condition=()) -> Instruction:
    """Cards ``by`` chooses and ``verb`` acts on — "you" (the ability's controller: ``chosen``), "each
    player" or "each opponent" (each in player order from the first player; "you" in ``filter`` is
    the chooser) — ``count`` of them each: "choose 2 characters, kneel them" is ``choose("kneel", 2,
    cards(type="character"))``, the cost "discard 2 cards from your hand" ``choose("discard", 2,
    cards(zone="hand", owner="you"))``, "each player chooses a character they control and kills it"
    ``choose("kill", 1, cards(type="character", controller="you"), by="each player")``. ``count``
    is how many cards for a verb whose amount is no quantity (rules ``agot.choose.several``,
    ``rb.each-chooses``)."""
    if by not in CHOOSERS:
        raise ValueError(f"by={by!r}: who chooses is one of " + ", ".join(repr(k) for k in CHOOSERS))
    return do(verb, CHOOSERS[by], filter, count, condition)


def then(instruction: Instruction) -> Instruction:
    """A Game of Thrones' "Then, …": ``instruction`` begins the part of the effect after "then" (rule
    ``agot.then``). That part resolves only if the part before it resolved in full; its targets are
    chosen as it begins to resolve, among the cards valid then, and with too few it fails to resolve
    (``agot.then.targets``): "kneel each character an opponent controls. Then, choose a kneeling
    character and kill it" is ``[do("kneel", "each", cards(type="character", controller="opponent")),
    then(do("kill", "chosen", cards(type="character", posture="kneeling")))]``."""
    return replace(instruction, then=True)


def kneel(target="self", filter=None) -> Instruction:
    return do(Verb.KNEEL, target, filter)


def stand(target="self", filter=None) -> Instruction:
    return do(Verb.STAND, target, filter)


def kill(target="that card", filter=None) -> Instruction:
    return do(Verb.KILL, target, filter)


def sacrifice(target="self", filter=None) -> Instruction:
    return do(Verb.SACRIFICE, target, filter)


def gain_power(amount: int = 1, target="self", filter=None) -> Instruction:
    return do(Verb.GAIN_POWER, target, filter, amount)


def move_power(to: str, amount: int = 1, target="chosen", filter=None) -> Instruction:
    """A Game of Thrones' "move N power from … to …": ``to`` is "your faction card", "self" or "that card"."""
    return Instruction(Verb.MOVE_POWER, Target(target), filter, amount, to=to)


def discard_power(amount: int = 1, target="chosen", filter=None) -> Instruction:
    """A Game of Thrones' "discard N power from …"."""
    return do(Verb.DISCARD_POWER, target, filter, amount)


def draw(amount: int = 1, player="you", condition=()) -> Instruction:
    return do(Verb.DRAW, player, None, amount, condition)


def at_random(verb, amount: int = 1, filter: CardFilter | None = None, condition=()) -> Instruction:
    """``amount`` cards among those ``filter`` finds, taken at random — the game answers which
    (rule ``rulekit.chance``): "discard 1 at random" is ``at_random("discard", 1, cards(zone="hand",
    owner="you"))``."""
    return do(verb, Target.RANDOM, filter, amount, condition)


def shuffle(player="you", deep: int = 1, condition=()) -> Instruction:
    """Shuffle ``player``'s deck: the game answers which ``deep`` cards end on top, top first; the
    cards beneath keep their order (rule ``rulekit.chance``)."""
    return do(Verb.SHUFFLE, player, None, deep, condition)


def search(filter: CardFilter, to: str = "hand", condition=()) -> Instruction:
    """A Game of Thrones' deck search (Rules Reference, "Search"; rule ``agot.search``): as it
    resolves, the controller finds a card ``filter`` finds in their draw deck and it is put into their
    hand — or finds none: the decision ``search`` offers the cards that fit and ``"nothing"``
    (``game.answer("nothing")``). It is no target. ``search(cards(zone="draw deck", owner="you",
    trait="Knight"))``; follow it with ``shuffle()``."""
    return Instruction(Verb.MOVE, Target.CHOSEN, filter, condition=tuple(condition), to=to)


def discard_top(amount: int = 1, player="you", condition=()) -> Instruction:
    """A Game of Thrones' "discard the top card of your deck" (``amount``: the top N cards;
    ``player="opponent"``: of each opponent's deck): a discard from the deck, which does not leave
    play (Rules Reference, "Discard Pile"; rule ``agot.zones``)."""
    return Instruction(Verb.DISCARD, Target.EACH, CardFilter(zone="draw deck", owner=Who(player), top=amount),
                       condition=tuple(condition))


def return_to_hand(target="that card", filter: CardFilter | None = None, condition=()) -> Instruction:
    """"Return … to its owner's hand": from play, or (a filter naming the zone) from a discard or dead
    pile — "return a location from your discard pile to your hand" is ``return_to_hand("chosen",
    cards(type="location", zone="discard pile", owner="you"))`` (rule ``agot.zones``)."""
    return do(Verb.RETURN_TO_HAND, target, filter, 1, condition)


def place(target="that card", filter: CardFilter | None = None, *, bottom: bool = False, condition=()) -> Instruction:
    """A Game of Thrones' "place … on top of its owner's deck" (``bottom=True``: "on the bottom");
    "shuffle it into your deck" is ``[place("that card"), shuffle()]`` (rule ``agot.zones``)."""
    return Instruction(Verb.PLACE, Target(target), filter, condition=tuple(condition),
                       to="bottom of draw deck" if bottom else "draw deck")


def give_might(amount: int, target="self", filter=None, *, this_turn: bool = False) -> Instruction:
    """Riftbound's "give a unit +2 Might" (``amount`` may be negative: "-3 Might");
    ``this_turn=True`` is "… this turn": the change expires when the turn ends (rule
    ``rb.this-turn``)."""
    return Instruction(Verb.GIVE_MIGHT, Target(target), filter, amount, this_turn=this_turn)


def give_strength(amount: int, target="self", filter=None, *, until: str | None = None) -> Instruction:
    """A Game of Thrones' "+2 STR" (``amount`` may be negative); ``until="challenge"`` is "until the
    end of the challenge", ``"phase"`` "until the end of the phase" (rule ``agot.lasting``)."""
    return Instruction(Verb.GIVE_STRENGTH, Target(target), filter, amount, until=until)


def challenges_so_far(result: str, *, player="you", this="round", type=None, at_least=None,
                      at_most=None) -> Condition:
    """A Game of Thrones: "if you have not lost a challenge this round" is
    ``challenges_so_far("lost", at_most=0)`` (rule ``agot.challenge-history``)."""
    return Condition(at_least=at_least, at_most=at_most,
                     challenges=ChallengeCount(result, Who(player), Period(this), type))


def buff(target="self", filter=None) -> Instruction:
    """Riftbound's "buff a unit": a buff counter (+1 Might) on a unit that has none (rule ``rb.buffs``)."""
    return do(Verb.BUFF, target, filter)


def spend_buff(target="self", filter=None) -> Instruction:
    """Riftbound's "spend a buff" (as a cost: ``cost=[spend_buff()]`` is "spend my buff to …")."""
    return do(Verb.SPEND_BUFF, target, filter)


def not_modelled(text: str, *, changes_state: bool = False, condition=()) -> Instruction:
    """An effect rulekit does not simulate, named in words, so its card's trigger and timing can
    still be taught: ``not_modelled("look at the top 3 cards of your deck", changes_state=True)``.
    It changes nothing when it resolves; it counts as able to change the game state only if
    ``changes_state`` says so (rule ``rulekit.not-modelled``). :meth:`~rulekit.files.builder.ScenarioBuilder.build`
    refuses an empty ``text``."""
    return Instruction(Verb.NOT_MODELLED, condition=tuple(condition), text=text, changes_state=changes_state)


def add(amount: int = 1, resource: str = "energy") -> Instruction:
    """Riftbound's "Add [N]" (``resource``: ``energy``, a domain's Power such as ``fury``, or
    ``any``, universal Power): its controller adds it to their Rune Pool (rule ``rb.resources``)."""
    return Instruction(Verb.ADD, target=Target.YOU, amount=amount, resource=resource)


def gain_gold(amount: int = 1) -> Instruction:
    """A Game of Thrones' "gain N gold": into its controller's gold pool (rule ``agot.gold``)."""
    return Instruction(Verb.ADD, target=Target.YOU, amount=amount, resource="gold")


def pay_gold(amount: int = 1) -> Instruction:
    """A Game of Thrones' "pay N gold to …", a cost paid from its controller's gold pool (rule ``agot.gold``)."""
    return Instruction(Verb.PAY, target=Target.YOU, amount=amount, resource="gold")


def pay(amount: int = 1, resource: str = "energy") -> Instruction:
    """A Riftbound cost in Energy or Power ("[2]: …" is ``cost=[pay(2)]``; "[R]" is ``pay(1, "fury")``),
    paid from the controller's Rune Pool as the item is finalized (rule ``rb.resources``)."""
    return Instruction(Verb.PAY, target=Target.YOU, amount=amount, resource=resource)


def channel(amount: int = 1) -> Instruction:
    """Riftbound's "Channel N rune(s)": the top N runes of its controller's Rune Deck go to their base
    (rule ``rb.channel-recycle``)."""
    return Instruction(Verb.CHANNEL, target=Target.YOU, amount=amount)


def recall(target="chosen", filter=None) -> Instruction:
    """Riftbound's "Recall a unit": a permanent goes back to its controller's base, which is not a
    move (rule ``rb.recall``)."""
    return Instruction(Verb.RECALL, target=Target(target), filter=filter)


def recycle(target="self", filter=None) -> Instruction:
    """Riftbound's "Recycle this" (a rune to the bottom of its owner's Rune Deck; another card to the
    bottom of its owner's Main Deck). On a Deathknell, "recycle me" recycles its card from the trash
    (rule ``rb.deathknell-me``)."""
    return Instruction(Verb.RECYCLE, target=Target(target), filter=filter)


def create(title: str, might: int = 0, *, amount: int = 1, to: str | None = None, type: str = "unit",
           traits=None, ready: bool = False, keywords=()) -> Instruction:
    """Riftbound's "play a 1 Might Recruit unit token": ``create("Recruit", 1)`` makes ``amount``
    tokens (their tag is their title unless ``traits`` says otherwise) under the ability's
    controller, where ``to`` says — its base by default, a battlefield by its id, or ``"here"``: the
    location of the ability's card as the instruction executes (rule ``rb.tokens``)."""
    return Instruction(Verb.CREATE, Target.SELF, amount=amount, to=to,
                       token=Token(title, type, might, tuple(traits) if traits is not None else (title,),
                                   ready, tuple(keywords)))


#: The printed template's name for the same instruction ("Play a 1 Might Recruit unit token").
play_token = create


def play_card(target="self", filter: CardFilter | None = None, *, to: str | None = None,
              ignoring: str | None = None, condition=()) -> Instruction:
    """Riftbound's effect that plays a card (rule ``rb.play-effect``): it goes on the Chain, pending, and
    is finalized once the effect is done, its Cost paid less what ``ignoring`` sets to 0 (``"cost"``,
    ``"energy cost"``, ``"power cost"``); a unit or gear enters the board where ``to`` says — its
    player's base by default, a battlefield by its id, or ``"here"``. "Play me from your trash, ignoring
    its cost" is ``play_card(filter=cards(zone="trash"), ignoring="cost")``; "Play a unit from your hand
    to your base, ignoring its Energy cost" ``play_card("chosen", cards(type="unit", zone="hand",
    owner="you"), to="base", ignoring="energy cost")``; "play it here" ``play_card("that card", to="here")``."""
    return Instruction(Verb.PLAY, Target(target), filter, condition=tuple(condition), to=to, ignoring=ignoring)


def replace_next_death(instead, target="chosen", filter=None, *, this_turn: bool = False) -> Instruction:
    """Riftbound's "Choose a unit. The next time it would die (this turn), … instead" (``target="self"``:
    "The next time I would die, …"): when it resolves, a delayed replacement waits for that unit's
    next death and is ordered with any other replacement that applies to it by the unit's owner
    (rule ``rb.standing-replacement``); ``this_turn=True`` makes it expire when the turn ends.
    ``instead`` lists what happens in place of the death (``that card`` is the unit)."""
    return Instruction(Verb.REPLACE, target=Target(target), filter=filter, instead=tuple(instead),
                       this_turn=this_turn)
