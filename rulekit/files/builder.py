"""Build scenarios in Python: players, cards, abilities and a script of occurrences.

>>> from rulekit.builder import ScenarioBuilder, reaction, killed, draw
>>> b = ScenarioBuilder("Claim 2", players=["P1", "P2"], first_player="P1")
>>> b.card("c3", "Ser Jaime Lannister", owner="P2")                                  # doctest: +ELLIPSIS
<...>
>>> b.card("c7", "Tyrion Lannister", owner="P2", abilities=[
...     reaction("r1", killed(type="character"), [draw(1)])])                        # doctest: +ELLIPSIS
<...>
>>> scenario = b.kill("c3", label="claim").build()

Every helper returns plain data (:mod:`rulekit.abilities`); strings are accepted wherever an
enum is expected ("reaction", "you", "that card").
"""
from __future__ import annotations

from dataclasses import replace

from rulekit.core.abilities import (Ability, Bounds, CardFilter, Condition,
                                    Posture, Timing, Trigger, Which, Who)
from rulekit.core.events import EventKind, Verb
from rulekit.core.model import Card
from rulekit.core.scenario import CorpusEntry, Scenario, ScriptEntry
from rulekit.files.instructions import (  # noqa: F401 (the builder's instructions, re-exported)
    do, choose, kneel, stand, kill, sacrifice, gain_power, move_power, discard_power, draw, at_random, shuffle,
    search, give_might, give_strength, challenges_so_far, buff, spend_buff, not_modelled, add, gain_gold,
    pay_gold, pay, channel, recall, recycle, create, play_token, play_card, replace_next_death, discard_top,
    return_to_hand, place, then)


# -- filters, patterns, conditions ---------------------------------------------------------------
def cards(which="any", type=None, title=None, trait=None, controller="any", owner="any", zone=None,
          posture=None, here=False, combat=None, *, buffed: bool | None = None,
          keyword: str | None = None, challenge: str | None = None, entered: str | None = None,
          **agot) -> CardFilter:
    """A card filter; ``which`` is "self", "other", "any" or (A Game of Thrones) "attached", the
    card the ability's attachment is attached to ("attached character"); players are "you"/"opponent"/"any";
    ``here=True`` is Riftbound's "here" (at the ability's card's location: its battlefield);
    ``combat`` is Riftbound's "attacker", "defender" or "in combat"; ``buffed=True`` is "buffed
    units" (``False``: without a buff); ``keyword="Tank"`` is "a unit with Tank". A Game of
    Thrones' fields, as a file writes them: ``faction="Stark"``, ``unique=True``,
    ``any_of=[cards(trait="Knight"), cards(trait="Lord")]``, ``strength={"at_most": 3}`` (or
    :class:`~rulekit.core.abilities.Bounds`), ``power={"at_least": 1}``, ``lowest="strength"``;
    ``challenge`` is "attacking", "defending" or "participating"; ``entered="this phase"`` is
    "that entered play this phase"."""
    for name in ("strength", "power"):
        if isinstance(agot.get(name), dict):
            agot[name] = Bounds(**agot[name])
    if "any_of" in agot:
        agot["any_of"] = tuple(agot["any_of"])
    return CardFilter(Which(which), type, title, trait, Who(controller), Who(owner), zone,
                      Posture(posture) if posture else None, here=here, combat=combat, buffed=buffed,
                      keyword=keyword, challenge=challenge, entered=entered, **agot)


def on(event, *, card: CardFilter | None = None, player="any", challenge=None, phase=None,
       one_or_more: bool = False, turn=None, side=None, margin=None, unopposed=None, or_events=(), how=None,
       **filter_fields) -> Trigger:
    """A trigger pattern: ``on("killed", type="character")`` is "a character is killed";
    ``turn="opponent"`` adds Riftbound's "on an opponent's turn" (``"you"``: "on your turn");
    A Game of Thrones' challenge results take ``side`` ("attacking": "as the attacking player"),
    ``margin`` (5: "by 5 or more STR") and ``unopposed``; ``or_events=("killed",)`` with
    ``"sacrificed"`` is "is sacrificed or killed" (one triggering condition naming several events,
    rule ``agot.tc.several``); ``how="marshal"`` is "after you marshal …" (rule ``agot.entered-play``)."""
    if filter_fields:
        card = cards(**filter_fields)
    return Trigger(EventKind(event), card, Who(player), challenge, phase, one_or_more,
                   turn=None if turn is None else Who(turn), side=side, margin=margin, unopposed=unopposed,
                   or_events=tuple(EventKind(e) for e in or_events), how=how)


def killed(**kw) -> Trigger:
    return on(EventKind.KILLED, **kw)


def leaves_play(**kw) -> Trigger:
    return on(EventKind.LEAVES_PLAY, **kw)


def played(**kw) -> Trigger:
    """A card is played: ``played(which="self")`` is Riftbound's "When you play me";
    ``played(type="gear", player="you")`` is "When you play a gear"."""
    return on(EventKind.PLAYED, **kw)


def condition(count: CardFilter | None = None, at_least=None, at_most=None, phase=None, total=None) -> Condition:
    """``total="power"`` bounds the sum of that number over the cards counted ("if you have 3 or more power")."""
    return Condition(count, at_least, at_most, phase, total)


# -- abilities -------------------------------------------------------------------------------------
def ability(id: str, timing, when: Trigger, effect, *, condition=(), cost=(), zones=(), text="",
            legion: bool = False, limit=None, max=None) -> Ability:
    """An ability; ``legion=True`` is Riftbound's "[Legion]" on a triggered ability (active only
    once its controller has played another card this turn); ``limit`` / ``max`` are A Game of
    Thrones' "Limit N per …" and "Max N per …" (a :class:`~rulekit.core.abilities.Limit`)."""
    return Ability(id=id, timing=Timing(timing), when=when, effect=tuple(effect), condition=tuple(condition),
                   cost=tuple(cost), zones=tuple(zones), text=text, legion=legion, limit=limit, max=max)


def interrupt(id, when, effect, **kw) -> Ability:
    return ability(id, Timing.INTERRUPT, when, effect, **kw)


def would_interrupt(id, when, effect, **kw) -> Ability:
    return ability(id, Timing.WOULD_INTERRUPT, when, effect, **kw)


def forced_interrupt(id, when, effect, **kw) -> Ability:
    return ability(id, Timing.FORCED_INTERRUPT, when, effect, **kw)


def reaction(id, when, effect, **kw) -> Ability:
    return ability(id, Timing.REACTION, when, effect, **kw)


def forced_reaction(id, when, effect, **kw) -> Ability:
    return ability(id, Timing.FORCED_REACTION, when, effect, **kw)


def triggered(id, when, effect, **kw) -> Ability:
    """A Riftbound triggered ability ("When …", "At …", "The Nth time …")."""
    return ability(id, Timing.TRIGGERED, when, effect, **kw)


def deathknell(id, effect, **kw) -> Ability:
    """A Riftbound "Deathknell — …" ("When I die, …": rule ``rb.deathknell``); its "me" (``self``)
    is its card in the trash once it has died (rule ``rb.deathknell-me``): ``deathknell("dk",
    [recycle()])`` is "Deathknell — Recycle me."."""
    return replace(ability(id, Timing.TRIGGERED, on(EventKind.KILLED), effect, **kw), deathknell=True)


# -- the builder --------------------------------------------------------------------------------------
class ScenarioBuilder:
    """Collects players, cards and script entries; :meth:`build` checks and returns a
    :class:`~rulekit.scenario.Scenario`. Methods return the builder, so calls chain."""

    def __init__(self, title: str, players=("P1", "P2"), first_player: str | None = None,
                 ruleset: str | None = None, phase: str = ""):
        from rulekit.rulesets import DEFAULT
        self.title = title
        self.players = tuple(players)
        self.first_player = first_player or self.players[0]
        self.ruleset = ruleset if ruleset is not None else DEFAULT
        self.phase = phase
        self._cards: list[Card] = []
        self._script: list[ScriptEntry] = []
        self._corpus: CorpusEntry | None = None
        self._pools: dict[str, dict[str, int]] = {}

    def pool(self, player: str, **held: int) -> "ScenarioBuilder":
        """What ``player``'s pool holds at the start: ``pool("P1", gold=3)`` (A Game of Thrones' gold
        pool), ``pool("P1", energy=2)`` (Riftbound's Rune Pool); a file's top-level ``pools``."""
        self._pools.setdefault(player, {}).update(held)
        return self

    def card(self, id: str, title: str, owner: str, *, controller=None, zone=None, type=None,
             kneeling=False, traits=(), abilities=(), text=None, **fields) -> "ScenarioBuilder":
        """List a card. ``type`` and ``zone`` left out are the ruleset's defaults (A Game of
        Thrones: a character in the play area; Riftbound has neither, so :meth:`build` refuses a
        card without them). ``fields`` are the card's own game's, as a file writes them: A Game
        of Thrones' ``strength``, ``power``, ``duplicate_of`` (the id of the card this one is
        a duplicate of; a duplicate is not a character of its own), ``attached_to`` (the card an
        attachment is attached to), ``terminal`` and ``pillage`` (the keyword: rule ``agot.pillage``), Riftbound's ``might`` and
        ``damage``, ``buffed`` (its Might includes the buff), ``might_this_turn`` and
        ``keywords``. One of another game is refused here, naming it. ``text``: the card's printed
        text, read as a file's ``text:`` is (rule ``rulekit.card-text``): its abilities and keyword
        fields where the call gives none, else checked to agree with them."""
        from rulekit.core.errors import ScenarioError
        from rulekit.files.cardkeys import foreign_key, own_keys_of
        from rulekit.rulesets import get
        extension = None
        if fields:
            rules = get(self.ruleset)
            for key in fields:
                if key not in rules.card_fields:
                    why = foreign_key(rules, key) or f"{key!r} is not a card field of {rules.name}"
                    raise ScenarioError(f"card {id!r}: {why}", path=f"cards[{len(self._cards)}].{key}",
                                        expected=f"{rules.name}'s own card fields: {own_keys_of(rules)}")
            if "keywords" in fields:
                fields["keywords"] = tuple(fields["keywords"])
            extension = rules.card_extension(**fields)     # its values are checked by build()
        card = Card(id, title, owner, controller, zone, type, kneeling, tuple(traits), tuple(abilities),
                    extension=extension)
        if text is not None:
            from rulekit.files.card_text import read_into
            card = read_into(get(self.ruleset), card, text, set(fields), f"cards[{len(self._cards)}]")
        self._cards.append(card)
        return self

    def battlefield(self, id: str, title: str, owner: str, *, controller=None, abilities=()) -> "ScenarioBuilder":
        """List a Riftbound battlefield on the board: controlled by ``controller``, or by no one when
        it is ``None`` (187.2). Permanents at it say so with ``at=id``."""
        if controller is None:
            return self.card(id, title, owner, zone="battlefield", type="battlefield", abilities=abilities,
                             uncontrolled=True)
        return self.card(id, title, owner, controller=controller, zone="battlefield", type="battlefield",
                         abilities=abilities)

    def give(self, card_id: str, *abilities: Ability) -> "ScenarioBuilder":
        """Add abilities to a card already listed."""
        for i, c in enumerate(self._cards):
            if c.id == card_id:
                self._cards[i] = replace(c, abilities=c.abilities + abilities)
                return self
        raise KeyError(f"no card {card_id!r} has been added yet")

    def occur(self, verb, *, cards=(), player=None, amount=1, challenge=None, phase=None, id=None,
              label="", cannot_be_saved=False, to=None, grant=None, ability=None,
              this_turn=False, how=None) -> "ScenarioBuilder":
        """Add a script entry: ``verb`` with its subjects, as a file's ``script`` lists it
        (``to`` for a move, ``grant`` and ``ability`` for gaining and losing abilities,
        ``this_turn`` for a Riftbound Might change that expires when the turn ends, ``how`` for A
        Game of Thrones' means of putting a card into play: ``"marshal"``, ``"ambush"``)."""
        self._script.append(ScriptEntry(Verb(verb), tuple(cards), player, amount, challenge, phase, id, label,
                                        cannot_be_saved, to, grant, ability, this_turn, how=how))
        return self

    def buff(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        """Riftbound: each card gets a buff counter, if it has none (``rb.buffs``)."""
        return self.occur(Verb.BUFF, cards=card_ids, **kw)

    def spend_buff(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.SPEND_BUFF, cards=card_ids, **kw)

    def give_might(self, card_id: str, amount: int, *, this_turn: bool = False, **kw) -> "ScenarioBuilder":
        """Riftbound: the card gets ``amount`` Might (negative: a reduction), until the turn ends
        if ``this_turn`` (``rb.this-turn``)."""
        return self.occur(Verb.GIVE_MIGHT, cards=(card_id,), amount=amount, this_turn=this_turn, **kw)

    def end_turn(self, player: str, **kw) -> "ScenarioBuilder":
        """The turn ends: Riftbound heals units and expires "this turn" effects, then the next
        player's turn begins."""
        return self.occur(Verb.END_TURN, player=player, **kw)

    def kill(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.KILL, cards=card_ids, **kw)

    def discard(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.DISCARD, cards=card_ids, **kw)

    def kneel(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.KNEEL, cards=card_ids, **kw)

    def stand(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.STAND, cards=card_ids, **kw)

    def play(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        """The script's ``play``: a card is played from its owner's hand (in Riftbound a unit or
        gear is put on the board, a spell goes to the trash)."""
        return self.occur(Verb.PLAY, cards=card_ids, **kw)

    def move(self, *card_ids: str, to: str, **kw) -> "ScenarioBuilder":
        """The script's ``move``: to a zone, or (Riftbound) to a battlefield on the board by its id."""
        return self.occur(Verb.MOVE, cards=card_ids, to=to, **kw)

    def place(self, *card_ids: str, bottom: bool = False, **kw) -> "ScenarioBuilder":
        """A Game of Thrones: the cards placed on top of their owners' decks (``bottom=True``: at the
        bottom); from play, each leaves play (rule ``agot.zones``)."""
        return self.occur(Verb.PLACE, cards=card_ids, to="bottom of draw deck" if bottom else "draw deck", **kw)

    def recall(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        """Riftbound: the script's ``recall`` — each permanent goes back to its base without a move
        (no move trigger; damage, exhaustion and buffs stay)."""
        return self.occur(Verb.RECALL, cards=card_ids, **kw)

    def conquer(self, battlefield: str, player: str, **kw) -> "ScenarioBuilder":
        """Riftbound: ``player`` establishes control of ``battlefield`` (a conquer if they gain it and
        have not scored it this turn)."""
        return self.occur(Verb.CONQUER, cards=(battlefield,), player=player, **kw)

    def combat(self, battlefield: str, attacker: str, **kw) -> "ScenarioBuilder":
        """Riftbound: a combat at ``battlefield``, ``attacker``'s units attacking (rule ``rb.combat``)."""
        return self.occur(Verb.COMBAT, cards=(battlefield,), player=attacker, **kw)

    def put_into_play(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.PUT_INTO_PLAY, cards=card_ids, **kw)

    def reveal(self, *plot_ids: str, **kw) -> "ScenarioBuilder":
        """A Game of Thrones: the players reveal these plots at once (``agot.when-revealed``)."""
        return self.occur(Verb.REVEAL, cards=plot_ids, **kw)

    def marshal(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        """A Game of Thrones: the cards are marshaled from hand (``agot.entered-play``)."""
        return self.occur(Verb.PUT_INTO_PLAY, cards=card_ids, how="marshal", **kw)

    def ambush(self, *card_ids: str, **kw) -> "ScenarioBuilder":
        """A Game of Thrones: the cards enter play from hand by ambush (not marshaled)."""
        return self.occur(Verb.PUT_INTO_PLAY, cards=card_ids, how="ambush", **kw)

    def gain_power(self, card_id: str, amount: int = 1, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.GAIN_POWER, cards=(card_id,), amount=amount, **kw)

    def draw(self, player: str, amount: int = 1, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.DRAW, player=player, amount=amount, **kw)

    def challenge(self, attacker: str, type: str, attackers, defenders=(), *, against: str | None = None,
                  id: str | None = None, label: str = "") -> "ScenarioBuilder":
        """A Game of Thrones: ``attacker`` initiates a ``type`` challenge declaring ``attackers``; the
        defending player declares ``defenders``; STR decides the result (rule ``agot.challenge``)."""
        self._script.append(ScriptEntry(Verb.CHALLENGE, tuple(attackers), attacker, 1, type, None, id, label,
                                        defenders=tuple(defenders), against=against))
        return self

    def win_challenge(self, player: str, challenge: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.WIN_CHALLENGE, player=player, challenge=challenge, **kw)

    def win_dominance(self, player: str, **kw) -> "ScenarioBuilder":
        """A Game of Thrones: ``player`` wins dominance (their faction card gains 1 power with it)."""
        return self.occur(Verb.WIN_DOMINANCE, player=player, **kw)

    def move_power(self, card: str, to: str, amount: int = 1, **kw) -> "ScenarioBuilder":
        """A Game of Thrones: ``amount`` power moves from ``card`` to the card ``to``."""
        return self.occur(Verb.MOVE_POWER, cards=(card,), to=to, amount=amount, **kw)

    def begin_phase(self, phase: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.BEGIN_PHASE, phase=phase, **kw)

    def end_phase(self, phase: str, **kw) -> "ScenarioBuilder":
        return self.occur(Verb.END_PHASE, phase=phase, **kw)

    def channel(self, player: str, amount: int = 1, **kw) -> "ScenarioBuilder":
        """Riftbound: ``player`` channels the top ``amount`` runes of their Rune Deck (the Channel Phase)."""
        return self.occur(Verb.CHANNEL, player=player, amount=amount, **kw)

    def corpus(self, card: str, text: str, covers=()) -> "ScenarioBuilder":
        """Make the scenario a corpus card: the card it is about (an id), its printed text, and the
        items of its ruleset's vocabulary it covers (checked by :meth:`build`)."""
        self._corpus = CorpusEntry(card, text, tuple(covers))
        return self

    def build(self) -> Scenario:
        """The scenario, validated like a scenario file: a wrong type, ``None`` or an unknown
        reference raises :class:`~rulekit.errors.ScenarioError` naming the field."""
        from rulekit.files.validation import validate_scenario
        return validate_scenario(Scenario(self.title, self.players, self.first_player, tuple(self._cards),
                              tuple(self._script), self.ruleset, self.phase, corpus=self._corpus,
                              pools=self._pools))
