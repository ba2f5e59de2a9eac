"""A Game of Thrones: The Card Game (second edition): the seven steps around a triggering condition.

The machine is :mod:`.sequence` (one handler per step of the rules text) and :mod:`.resolution`
(costs, targets, the initiation of the effect, the effect, cancel/save/replace); the verdict is
:mod:`.verdicts`; the words are :mod:`.words`; the views' data is :mod:`.views`; the registry
entries are :mod:`.rules`; the rulings are :mod:`.rulings`.
"""
from __future__ import annotations

from rulekit.core import occur
from rulekit.core.abilities import Ability, CardFilter, Instruction, Target, Timing, Trigger, Which
from rulekit.core.errors import ScenarioError
from rulekit.core.events import RESTRICTION_VERBS, EventKind, Verb
from rulekit.core.frames import Progress
from rulekit.core.frozen import maker, replace
from rulekit.core.ruleset import Handler, Ruleset
from rulekit.core.stepwords import say
from rulekit.rulesets.agot import cards
from rulekit.rulesets.agot import factions
from rulekit.rulesets.agot import filters
from rulekit.rulesets.agot import challenges
from rulekit.rulesets.agot import challenge_checks
from rulekit.rulesets.agot import chance
from rulekit.rulesets.agot import entering
from rulekit.rulesets.agot import pillage
from rulekit.rulesets.agot import plots
from rulekit.rulesets.agot import refusals
from rulekit.rulesets.agot import gold
from rulekit.rulesets.agot import paying
from rulekit.rulesets.agot import resolution
from rulekit.rulesets.agot import search
from rulekit.rulesets.agot import sequence
from rulekit.rulesets.agot import views
from rulekit.rulesets.agot import words
from rulekit.rulesets.agot import zones as areas
from rulekit.rulesets.agot.codes import AgotStep
from rulekit.rulesets.agot.frames import ResolutionFrame, SequenceFrame, Window
from rulekit.rulesets.agot.rules import RULES
from rulekit.rulesets.agot.rulings import REMOVED_RULINGS, RULINGS
from rulekit.rulesets.agot.steps import SeqStep
from rulekit.rulesets.agot.verdicts import considered, judge
from rulekit.rulesets.agot.vocabulary import VOCABULARY

#: step names an ``expect`` verdict may use ("interrupt window" …)
STEP_NAMES = {step.name.lower().replace("_", " "): step for step in SeqStep}


class AGoT(Ruleset):
    name = "agot"
    title = "A Game of Thrones: The Card Game (second edition)"
    version = "Rules Reference v1.5 and FAQ"

    zones = ("hand", "play area", "discard pile", "dead pile", "draw deck", plots.PLOT_DECK, plots.USED_PILE)
    in_play = ("play area",)
    deck = "draw deck"
    leave_play_zone = {
        EventKind.KILLED: "dead pile",
        EventKind.DISCARDED: "discard pile",
        EventKind.SACRIFICED: "discard pile",
        EventKind.LEAVES_PLAY: "discard pile",
        EventKind.RETURNED_TO_HAND: "hand",
    }
    played_zone = "discard pile"
    #: a card is discarded from play, a hand, a deck or a dead pile; returned to hand from play, a discard
    #: or a dead pile (Rules Reference, "Discard Pile"; FAQ (1.5); rule agot.zones)
    out_of_play_origins = areas.OUT_OF_PLAY_ORIGINS
    #: FAQ (1.5) "Playing Events": from leaving the hand until its effects have resolved (or been
    #: cancelled) an event is being played, in no out-of-play area (agot.event.played)
    playing_zone = "being played"
    board_moves_keep_object = False
    card_noun = "character"
    card_types = ("character", "location", "attachment", "event", "plot", "agenda", "faction")
    default_card_type = "character"
    default_zone = "play area"
    played_types = ("event",)
    #: how its events read: a search's "put it into your hand" is the one move its files make
    #: (agot.chance); a power event is about the card the power leaves (RR "Moving Power": the other
    #: card does not gain it); "attacks" / "defends" are declarations as attacker / defender
    event_words = {"moves": "is put into its owner's hand", "gets strength": "gets STR",
                   "power moved": "has power moved off it", "power discarded": "has power discarded from it",
                   "adds": "gains gold", "pays": "pays gold", "placed": "is placed in its owner's deck"}
    killable_types = ("character",)
    turned_word = "kneeling"
    # the plot phase is the round's first phase: its beginning begins a new round (Rules Reference,
    # Appendix I, Framework Event Details 1.1)
    round_opening_phase = "plot"
    #: the Rules Reference grants no priority: in each interrupt or reaction window the first
    #: player has the first opportunity and it passes in player order (agot.window.open)
    no_priority = ("in each window the first player has the first opportunity, which passes in player order: "
                   "rule agot.window.open")
    card_extension = cards.AgotCard
    attachments = True          # an attachment's "attached character": a filter's which: attached (agot.attachment)
    card_numbers = ("strength", "power")
    card_changes = {EventKind.GAINS_POWER: "power"}

    timings = frozenset({Timing.WOULD_INTERRUPT, Timing.FORCED_INTERRUPT, Timing.INTERRUPT,
                         Timing.FORCED_REACTION, Timing.REACTION, Timing.CONSTANT, Timing.WHEN_REVEALED})
    verbs = frozenset({
        Verb.CANCEL, Verb.SAVE, Verb.WIN_CHALLENGE, Verb.GAIN_POWER, Verb.KNEEL, Verb.STAND, Verb.SACRIFICE,
        Verb.INITIATE, Verb.DELAY, Verb.BEGIN_ROUND, Verb.NOT_MODELLED, Verb.SHUFFLE, Verb.MOVE, Verb.REVEAL,
        Verb.KILL, Verb.DRAW, Verb.DISCARD, Verb.PLAY, Verb.PUT_INTO_PLAY, Verb.RETURN_TO_HAND, Verb.LEAVE_PLAY,
        Verb.ATTACK, Verb.TAKE_CONTROL, Verb.REPLACE, Verb.BEGIN_PHASE, Verb.END_PHASE, Verb.ADD, Verb.PAY, *RESTRICTION_VERBS,
        Verb.MOVE_POWER, Verb.DISCARD_POWER, Verb.WIN_DOMINANCE, Verb.CHALLENGE, Verb.DEFEND, Verb.GIVE_STRENGTH,
        Verb.PLACE})
    #: target: random and shuffle: "discard 1 card at random", a searched deck shuffled (rules rulekit.chance,
    #: agot.chance; Rules Reference "Intrigue Claim", "Search")
    chance = True
    ability_fields = frozenset({"limit", "max", "cannot_be_cancelled", "zones"})
    trigger_fields = frozenset({"one_or_more", "challenge", "phase", "card", "player", "side", "margin", "unopposed",
                                "or_events", "how"})
    instruction_fields = frozenset({"then", "cannot_be_saved", "instead", "at", "later", "condition", "filter",
                                    "amount", "target", "to", "until", "resource"})
    entry_fields = frozenset({"challenge", "cannot_be_saved", "to", "defenders", "against", "how"})
    #: "a Stark character", "a unique character", "a Knight or Lord character", "STR 3 or lower",
    #: "the lowest STR character", "with 1 or more power" (:mod:`.filters`); "an attacking character";
    #: "that entered play this phase"
    filter_fields = frozenset({"faction", "unique", "any_of", "strength", "power", "lowest", "highest", "challenge",
                               "entered"})
    condition_fields = frozenset({"challenges"})
    #: how a card enters play: an effect's "put into play" (the default), "marshal", "ambush" (agot.entered-play)
    entry_means = entering.MEANS
    #: gold: "gain 2 gold" is ``add`` and "pay 1 gold" (a cost) ``pay``, with ``resource: gold``; the
    #: gold pool at the start is a file's ``pools`` (rule agot.gold)
    pool_resources = gold.RESOURCES

    handlers = {
        SequenceFrame: Handler(sequence.advance, sequence.answer, sequence.STEPS, sequence.ANSWERS),
        ResolutionFrame: Handler(resolution.advance, resolution.answer),
        challenges.ChallengeFrame: Handler(challenges.advance, challenges.answer),
    }
    flow = views.FLOW
    views = views
    rules = RULES
    rulings = RULINGS
    vocabulary = VOCABULARY
    removed_rulings = REMOVED_RULINGS

    def card_text(self):
        """The reader and writer of this game's printed card text (imported here: it imports lark)."""
        from rulekit.rulesets.agot import cardtext
        return cardtext

    def moved_card(self, before, after, printed):
        return cards.moved_card(self, before, after, printed)

    def after_move(self, state, before, to_zone: str):
        return cards.after_move(state, before, to_zone)

    def card_facts(self, card):
        return cards.card_facts(card)

    def place_names(self, cards_):
        return areas.place_names(self.zones)

    def place(self, state, card_id, to, controller=None):
        return areas.place(state, card_id, to, controller)

    def host_of(self, card) -> str | None:
        return card.attached_to if card.extension is not None else None

    def dependents(self, listed: tuple) -> dict:
        return cards.dependents(listed)

    def duplicates_of(self, state, card) -> tuple:
        return cards.duplicates_of(state, card)

    def check_cards(self, listed: tuple) -> None:
        cards.check_cards(listed)
        plots.check_cards(listed)
        pillage.check_cards(listed)

    def entered_play(self, state, card_id: str, tc):
        return entering.entered_play(state, card_id, tc)

    def entered_mismatch(self, when: str, card, state):
        return entering.entered_mismatch(when, card, state)

    def card_mismatch(self, f, card, *, source=None, that=None):
        return filters.card_mismatch(f, card, source, that) or challenge_checks.card_mismatch(f, card)

    def check_filter(self, f, path, *, instruction, trigger):
        filters.check_filter(f, path, instruction=instruction, trigger=trigger)

    def event_refusal(self, kind, state, card, amount):
        # most events (kneels, stands, gains power …): none of them refuses; the others are asked of
        # the refusals that list them (refusals.by_kind)
        for check in _REFUSALS.get(kind, ()):
            why = check(kind, state, card, amount)
            if why:
                return why
        return None

    def apply_event(self, state, tc):
        """A plot revealed (agot.when-revealed); power moved or discarded (:mod:`.factions`); a
        declaration as attacker or defender (:mod:`.challenge_checks`)."""
        if tc.kind is EventKind.REVEALED:
            return plots.revealed(state, tc)
        if tc.kind in (EventKind.POWER_MOVED, EventKind.POWER_DISCARDED):
            return factions.apply_event(state, tc)
        return challenge_checks.apply_event(state, tc)

    def companion_conditions(self, kind, state, conditions, sequence, cause):
        return factions.companion_conditions(kind, state, conditions, sequence, cause)

    def check_entry(self, entry, path, scenario):
        _check_attachment_entry(entry, path, scenario)
        entering.check_entry(entry, path, scenario)
        factions.check_move_power_entry(entry, path, scenario)
        challenge_checks.check_entry(entry, path, scenario)
        areas.check_entry(entry, path, scenario)
        pillage.check_entry(entry, path, scenario)

    # challenges (rule agot.challenge), their STR and lasting effects (agot.lasting)
    def run_entry(self, state, control, entry, occurrence, args):
        return challenges.begin(state, control, entry, occurrence, args)

    def card_event(self, card, tc):
        return challenge_checks.card_event(card, tc)

    def trigger_own_mismatch(self, when, tc, state, me):
        return challenges.trigger_mismatch(when, tc, state, me)

    def challenges_counted(self, count, state, me):
        return challenges.counted(count, state, me)

    def phase_ends(self, state):
        return challenge_checks.phase_ends(state)

    def check_condition(self, cond, path):
        challenge_checks.check_condition(cond, path)

    def setup_cards(self, cards: tuple) -> tuple:
        """Every card gains one save per duplicate, named after it (``agot.save.duplicate``);
        a duplicate is not a character of its own (its type is ``"duplicate"``); a card with pillage
        gains the keyword's game ability (``agot.pillage``)."""
        saves: dict[str, list[Ability]] = {}
        of = {c.id: c.extension.duplicate_of for c in cards if c.extension is not None}
        on: dict[str, list[str]] = {}
        for c in cards:
            if of.get(c.id):
                on.setdefault(of[c.id], []).append(c.id)
        for card_id, dups in on.items():
            saves[card_id] = [duplicate_save(d, n, len(dups)) for n, d in enumerate(dups, 1)]
        cards = tuple(pillage.with_pillage(plots.with_when_revealed(replace(c, type="duplicate")
                                               if of.get(c.id) is not None and c.type == "character" else c))
                      for c in cards)
        return tuple(replace(c, abilities=c.abilities + tuple(saves[c.id])) if c.id in saves else c for c in cards)

    def works_in(self, card, ability) -> tuple[str, ...]:
        """Where an ability works (Rules Reference, "Abilities"; ``agot.abilities.zones``): where it
        says; an event's from its owner's hand; otherwise in play — unless its effect needs the
        card to be out of play to resolve ("After X is killed, put X into play"), and then from the
        out-of-play areas."""
        if ability is not None and ability.zones:
            return ability.zones
        if card.type in self.played_types:
            return (self.hand,)
        return OUT_OF_PLAY if ability is not None and needs_its_card_out_of_play(ability) else self.in_play

    def check_ability(self, ability, path: str, card_id: str) -> None:
        """A constant ability says only what cards cannot undergo; those words belong to
        constant abilities alone (``agot.constant``)."""
        parts = [(f"{part}[{k}]", i) for part in ("cost", "effect") for k, i in enumerate(getattr(ability, part))]
        if ability.timing is Timing.CONSTANT:
            for name in ("when", "cost", "limit", "max", "cannot_be_cancelled"):
                if getattr(ability, name):
                    raise ScenarioError(f"a constant ability has no {name!r}: it is never used (nor initiated, so "
                                        f"nothing cancels it), it applies while its card is in play",
                                        path=f"{path}.{name}", expected=f"no {name!r} on a constant ability")
            for where, instr in parts:
                if instr.do not in RESTRICTION_VERBS:
                    raise ScenarioError(f"{instr.do.value!r} is not something a constant ability says", path=f"{path}.{where}.do",
                                        expected="one of " + ", ".join(v.value for v in RESTRICTION_VERBS))
            return
        challenge_checks.check_ability(ability, path)
        paying.check_costs(ability, path, self)
        search.check_ability(ability, path, self)
        gold.check_instructions(ability, path)
        for where, instr in parts:
            _check_power_destination(instr, f"{path}.{where}")
            if instr.do is Verb.REPLACE and instr.target is not Target.THAT_CARD:
                raise ScenarioError(f"'replace' takes the place of the triggering condition it responds to: its "
                                    f"target is 'that card', not {instr.target.value!r} (rule agot.replacement)",
                                    path=f"{path}.{where}.target", expected="target: that card")
            if instr.do in RESTRICTION_VERBS:
                raise ScenarioError(f"{instr.do.value!r} belongs to a constant ability, not a {ability.timing.value} one",
                                    path=f"{path}.{where}.do", expected="timing: constant")
        _check_initiation_listener(ability, path, card_id)
        chance.check_ability(ability, path)
        entering.check_ability(ability, path)

    def target_refusal(self, kind, state, card, amount):
        """A card can be chosen only if the effect could change the game state for it (Rules
        Reference "Initiating Abilities / Marshaling Cards": an ability can only be initiated if its effect could change
        the game state): not a standing character for "stand", nor one that cannot be killed."""
        return occur.can_happen(kind, state, card=card, amount=amount)

    def open_occurrence(self, state, control, conditions, occurrence, rule, args):
        return _progress(state, control + (_sequence(occurrence, conditions),), rule, _SCRIPT, args)

    def explain_step(self, step, source, ability, later=None):
        frame = step.context
        if frame is None:
            return pillage.explained(step, source, ability)      # framework step 4.2.5 (agot.pillage)
        return (tuple(judge(step.before, source, ability, tc, frame.step) for tc in frame.conditions),
                tuple(tc.id for tc in frame.conditions))

    def steps_at(self, timeline, sequence_id, step_name):
        step_kind = STEP_NAMES[step_name]
        return [s for s in timeline if s.context is not None and s.context.id == sequence_id
                and s.context.step is step_kind]

    def step_names(self):
        return tuple(STEP_NAMES)

    def describe(self, what, args, state):
        return say(words.WORDS, what, args, state)

    def flow_path_scope(self, step, other) -> bool:
        """Whether ``other`` belongs to the path drawn for ``step``: the same sequence."""
        here = views.sequence_id(step)
        return here is not None and views.sequence_id(other) == here


def _check_power_destination(instr: Instruction, path: str) -> None:
    """``to`` is where ``move power`` puts the power (RR "Moving Power"), and only that verb's."""
    from rulekit.core.scenario import suggest
    if instr.do is Verb.MOVE_POWER and instr.to not in factions.POWER_DESTINATIONS:
        raise ScenarioError(f"'move power' needs 'to', the card the power goes to; {instr.to!r} is not one"
                            f"{suggest(instr.to or '', factions.POWER_DESTINATIONS)}", path=f"{path}.to",
                            expected="one of " + ", ".join(factions.POWER_DESTINATIONS))
    areas.check_to(instr.do, instr.to, f"{path}.to")
    if instr.do not in (Verb.MOVE_POWER, Verb.MOVE, Verb.PLACE) and instr.to is not None:
        raise ScenarioError(f"only 'move power', a search's 'move' and 'place' take 'to' in {AGoT.name}, not "
                            f"{instr.do.value!r}", path=f"{path}.to", expected="no 'to' here")


def _check_initiation_listener(ability: Ability, path: str, card_id: str) -> None:
    """Only cancels reference the initiation of an effect (the triggering-condition text, step 2;
    ``agot.tc.2``): an ability that listens for ``effect initiates`` must cancel that effect, as
    an interrupt. Anything else would load and never be offered, so it is refused; an ability about
    a card being played listens for ``played``."""
    if ability.when is None or ability.when.event is not EventKind.INITIATES:
        return
    cancels = any(i.do is Verb.CANCEL for i in ability.effect)
    if cancels and ability.timing in (Timing.WOULD_INTERRUPT, Timing.FORCED_INTERRUPT, Timing.INTERRUPT):
        return
    why = f"a {ability.timing.value} comes too late to cancel it" if cancels else "its effect does not cancel it"
    raise ScenarioError(
        f"ability {ability.id!r} of card {card_id!r} listens for 'effect initiates', but only a cancel may reference "
        f"the initiation of an effect (the triggering-condition text, step 2): {why}; an ability about a card "
        "being played listens for 'played'", path=f"{path}.when.event",
        expected="a cancel (timing: would interrupt; effect: {do: cancel, target: that effect}), or 'played' "
                 "(\"after an opponent plays an event\": {event: played, card: {type: event}, player: opponent})")


#: the out-of-play areas of A Game of Thrones (Rules Reference, "In Play and Out of Play")
OUT_OF_PLAY = tuple(z for z in AGoT.zones if z not in AGoT.in_play)

needs_its_card_out_of_play = areas.needs_its_card_out_of_play
_SCRIPT = AgotStep.SCRIPT
_progress, _sequence = maker(Progress), maker(SequenceFrame)    # built at every occurrence (rulekit.core.frozen.maker)


def duplicate_save(duplicate_id: str, number: int = 1, of: int = 1) -> Ability:
    """The game ability one duplicate gives its card (Rules Reference, "Duplicates"): a would
    interrupt that discards that duplicate to save the card. Its id names the duplicate; its text,
    which a person reads, says which of the card's ``of`` duplicates (in listing order) it is."""
    which = "its duplicate" if of == 1 else f"its duplicate no. {number} (of {of})"
    return Ability(
        id=f"dupsave-{duplicate_id}",
        timing=Timing.WOULD_INTERRUPT,
        when=Trigger(EventKind.LEAVES_PLAY, CardFilter(which=Which.SELF)),
        cost=(Instruction(Verb.DISCARD, Target.EACH, CardFilter(id=duplicate_id, zone="play area")),),
        effect=(Instruction(Verb.SAVE, Target.THAT_CARD),),
        cannot_be_cancelled=True,
        text=f"Interrupt: When this card would leave play, discard {which} to save it. "
             "(Game ability; cannot be cancelled.)",
    )


AGOT = AGoT()          # registered by rulekit.rulesets when first asked for

__all__ = ["AGOT", "AGoT", "ResolutionFrame", "SeqStep", "SequenceFrame", "Window", "considered", "judge"]


#: the event kinds :func:`_attachment_refusal` may refuse; every kind one of the refusals may refuse
_ATTACHMENT_REFUSES, _REFUSED = refusals.ATTACHMENT_REFUSES, refusals.REFUSED


def _attachment_refusal(kind, card) -> str | None:
    """An attachment enters play attached to a card (RR "Attachment Cards"); rulekit does not model
    choosing that card, so it puts no attachment into play (agot.attachment)."""
    if kind is EventKind.ENTERS_PLAY and card.type == "attachment":
        return (f"{card.title} is an attachment: it would enter play attached to a card, which rulekit does not "
                "model choosing")
    return None


_REFUSALS = refusals.by_kind(_attachment_refusal)     # kind -> the refusals asked about it, in order


def _check_attachment_entry(entry, path, scenario) -> None:
    """The script cannot put an attachment into play: it would enter attached to a card someone
    chooses, which rulekit does not model (agot.attachment)."""
    if entry.do is Verb.PUT_INTO_PLAY:
        for k, cid in enumerate(entry.cards):
            if scenario.card(cid).type == "attachment":
                raise ScenarioError(f"card {cid!r} is an attachment: it would enter play attached to a card, which "
                                    "rulekit does not model (rule agot.attachment); list it in the play area with "
                                    "attached_to", path=f"{path}.cards[{k}]",
                                    expected="a character or location to put into play")
