"""Words for people: labels of options and one-line descriptions of steps.

Steps store codes and ids; sentences are made here, only when something is shown.
"""
from __future__ import annotations

import re

from rulekit.core import ids
from rulekit.core.abilities import Timing
from rulekit.core.events import EventKind
from rulekit.core.model import Card, GameState
from rulekit.core.stepwords import CORE_WORDS, say


def card_label(card: Card) -> str:
    return f"{card.title} ({card.obj})"


def card_of(state: GameState, obj: str) -> Card | None:
    return state.cards.get(ids.card_id(obj))


def obj_label(state: GameState, obj: str) -> str:
    card = card_of(state, obj)
    return f"{card.title} ({obj})" if card else obj


_EVENT_WORDS = {k.value.replace(" ", "-") for k in EventKind}


def split_condition(tc_id: str) -> tuple[str, str, str] | None:
    """``"s:claim:killed:c3"`` → ``("s:claim", "killed", "c3")``; ``None`` for an id that is
    not a triggering condition (a sequence, answered by a "one or more" ability)."""
    parts = ids.parse_condition(tc_id, _EVENT_WORDS)
    return None if parts is None else (parts.sequence, parts.event, parts.subject)


def condition_label(state: GameState, tc_id: str) -> str:
    """``"s:claim:killed:c3"`` → ``"Ser Jaime (c3) killed"``."""
    parts = split_condition(tc_id)
    if parts is None:
        return f"the occurrence {tc_id}"
    head, event, subject = parts
    event = event.replace("-", " ")
    event = state.rules.event_words.get(event, event)
    use = ids.initiated(head) if event == "effect initiates" else None
    if use is not None:
        obj, ability_id = use.obj, use.ability
        card = card_of(state, obj)
        ability = card.ability(ability_id) if card else None
        if ability is None:
            return f"the effect of {obj}.{ability_id} initiates"
        return f"the effect of {card.title}'s {ability.timing.value} ({obj}.{ability_id}) initiates"
    if subject in state.players:
        return f"{subject} {event}"
    return f"{obj_label(state, subject)} {event}"


def subject(label: str) -> str:
    """``label`` (a use's, as :func:`use_ref_label` writes it) as the subject of a sentence that goes
    on: what it answers is set off by commas on both sides ("Tyrion's reaction, for Ser Jaime
    killed, resolves")."""
    return f"{label}," if ", for " in label else label


def use_ref_label(state: GameState, use_id: str) -> str:
    """``"c7.r1@s:claim:killed:c3"`` → ``"Tyrion's reaction (c7.r1), for Ser Jaime (c3) killed"``."""
    use = ids.parse_use(use_id)
    card = card_of(state, use.obj) if use is not None else None
    if card is None:
        return use_id
    obj, ability_id, responds_to = use.obj, use.ability, use.responds_to or ""
    ability = card.ability(ability_id)
    kind = ability.timing.value if ability else "ability"
    target = condition_label(state, responds_to)
    return f"{card.title}'s {kind} ({obj}.{ability_id}), for {target}"


def option_label(kind, option_id: str, state: GameState, chooser: str) -> str:
    """The readable label of a decision's option (a chance outcome: the cards it names, in order)."""
    if kind == "chance":
        return " and ".join(obj_label(state, c) for c in ids.outcome_cards(option_id)) or "nothing"
    if option_id == "pass":
        return f"{chooser} passes"
    if kind == "search" and option_id == "nothing":
        return "find nothing"            # a search may find no card
    use = ids.parse_use(option_id)
    if use is not None and use.responds_to is not None:
        return use_ref_label(state, option_id)
    card = card_of(state, option_id)
    if card is None and use is not None:               # CARD.ABILITY: an ability or spell to play
        source = card_of(state, use.obj)
        ability = source.ability(use.ability) if source is not None else None
        if ability is not None:
            return f"{source.title} — {ability_words(ability)} ({option_id})"
    return card_label(card) if card else option_id


def ability_words(ability) -> str:
    """What an ability does, in the rules' words: its printed text without the timing word, or
    its effect (``"kill a unit"``)."""
    text = (ability.text or "").strip()
    head, sep, rest = text.partition(":")
    if sep and len(head) <= 24 and rest.strip():
        text = rest.strip()
    if text:
        return text[:1].lower() + text[1:].rstrip(".")
    return effect_words(ability.effect) or ability.timing.value


def instruction_words(instr) -> str:
    """One instruction in words: its verb and target (``"kill chosen"``), or, for an effect
    rulekit does not simulate, ``"not modelled: <its text>"`` (rule ``rulekit.not-modelled``)."""
    return instr.words if instr.not_modelled else f"{instr.do.value} {instr.target.value}"


def effect_words(effect) -> str:
    """A cost's or an effect's instructions in words, ``"; "`` between them."""
    return "; ".join(instruction_words(i) for i in effect)


def resolving_words(ability) -> str:
    """What an item on the Chain or a resolving ability will do, whole: its text as written
    (quoted), or, when it has none or rulekit does not simulate part of it, ``"will: "`` and its
    instructions in words (``"will: not modelled: look at …"``)."""
    text = (ability.text or "").strip()
    if text and not any(i.not_modelled for i in ability.effect):
        return f"“{text}”"
    return f"will: {effect_words(ability.effect)}"


def describe(what: str, args: tuple, state: GameState) -> str:
    """One line for a step, from its code and arguments, naming cards by title: the core's words
    for its own codes, else the ruleset's (:mod:`rulekit.core.stepwords`)."""
    a = dict(args)
    own = say(CORE_WORDS, what, a, state)
    if own is None:
        own = state.rules.describe(what, a, state)
    if own is not None:
        return own
    return f"{what} {a}"


def verb_head(a: dict) -> str:
    """A step's instruction, first letter capitalised and the rest as written (``"Kill"``,
    ``"Not modelled: look at the top 3 cards of your deck"``)."""
    verb = a["verb"]
    return verb[:1].upper() + verb[1:]


def not_modelled_outcome(a: dict) -> str:
    """What resolving a ``not modelled`` instruction did (rule ``rulekit.not-modelled``)."""
    claim = ("the file says it changes the game state, but rulekit does not simulate it"
             if a.get("changes_state") else "rulekit does not simulate it")
    return f"{claim}, so nothing in the game state changes and nothing occurs."


def pass_line(a: dict, auto_reason: str) -> str:
    why = f" ({auto_reason})" if a["auto"] else ""
    n = a["passes"]
    return f"{a['player']} passes{why}; {n} pass{'' if n == 1 else 'es'} in a row."


# -- where a step stands, and names instead of ids ----------------------------------------------------
def position(step) -> str:
    """Where ``step`` stands in the rules, in the rules' words (``"step 4, interrupt window"``,
    ``"the newest item's controller has priority"``), as its ruleset says; ``""`` if nowhere."""
    return step.state.rules.position(step)


def heading(step) -> str:
    """The timeline position and the rules' position written apart: ``"#5 · step 4, interrupt window"``."""
    where = position(step)
    return f"#{step.number} · {where}" if where else f"#{step.number}"


_STEP_PREFIX = re.compile(r"^Step \d+(?:, ([^:—]+?))?( closes)?: ")


def without_position(text: str) -> str:
    """A step's description without the leading ``"Step 4, interrupt window: "`` that
    :func:`heading` already gives."""
    m = _STEP_PREFIX.match(text)
    if m is None:
        return text
    rest = text[m.end():]
    if m.group(2):
        rest = "the window closes: " + rest
    return rest[:1].upper() + rest[1:]


def is_internal_id(token: str, state: GameState | None = None) -> bool:
    """Whether ``token`` is an engine id (``c6.r1@s:claim:killed:c3``, ``s:claim``, a card id)
    rather than a word a reader would use."""
    if ids.is_compound(token) and not ids.is_numbers(token):
        return True
    return state is not None and (token in state.cards or ids.card_id(token) in state.cards) and \
        ids.is_card_object(token)


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """``1`` → ``"first"``; past ten, ``"11th"``."""
    return _ORDINALS[n - 1] if 1 <= n <= len(_ORDINALS) else f"{n}th"


class Namer:
    """Engine ids named as a reader says them — the one place that names them: a card by its title
    (a copy of a card another card shares the title of, by whose it is or its number: "Hollowfield
    Steward (P2's copy)"), an ability by its card and kind ("Carrion Crow's reaction"; the second
    of a kind on one card "Carrion Crow's second reaction"), a use of an ability with what it
    answers ("Carrion Crow's ability, for Second Victim dies"), a script occurrence by its label.
    ``states`` are the game's states to read cards from (a card keeps the abilities it was
    granted); ``scenario``, when given, labels the script's occurrences."""

    def __init__(self, states, scenario=None):
        states = [s for s in states if s is not None]
        self.state = states[-1] if states else None
        self.cards: dict = {}
        for state in states:
            for card in (state.cards[i] for i in state.order):
                if card.id not in self.cards or len(card.abilities) > len(self.cards[card.id].abilities):
                    self.cards[card.id] = card
        by_title: dict = {}
        for card in self.cards.values():
            by_title.setdefault(card.title, []).append(card)
        self.copies: dict = {}         # card id -> what tells it from the cards sharing its title
        for same in (v for v in by_title.values() if len(v) > 1):
            owners = [c.controller or c.owner for c in same]
            for i, card in enumerate(same):
                own = owners[i]
                self.copies[card.id] = f"{own}'s copy" if own and owners.count(own) == 1 else f"copy {i + 1}"
        self.occurrences: dict = {}
        self.repeats: dict = {}        # a script occurrence that reads as another does -> its number among them
        if scenario is not None:
            for occ, entry in zip(scenario.occurrence_ids, scenario.script):
                titles = [self.card_name(c) or c for c in entry.cards]
                subject = ", ".join(titles) or entry.player or entry.phase or ""
                self.occurrences[occ] = entry.label or f"{entry.do.value} {subject}".strip()
            said = list(self.occurrences.values())
            for occ, words in self.occurrences.items():
                if said.count(words) > 1:
                    self.repeats[occ] = [o for o, w in self.occurrences.items() if w == words].index(occ) + 1

    def card(self, obj: str):
        return self.cards.get(ids.card_id(obj))

    def card_name(self, obj: str) -> str | None:
        card = self.card(obj)
        if card is None:
            return None
        copy = self.copies.get(card.id)
        return f"{card.title} ({copy})" if copy else card.title

    def ability_name(self, obj: str, ability_id: str) -> str | None:
        """``"Carrion Crow's reaction"``; ``None`` if ``obj`` is no card of this game."""
        card = self.card(obj)
        if card is None:
            return None
        ability = card.ability(ability_id)
        if card.type == "spell":
            kind = "spell"
        elif ability is None and ability_id == "play":     # a permanent an effect plays (its item has no ability)
            kind = "play"
        elif ability is None or ability.timing in (Timing.TRIGGERED, Timing.PRIORITY):
            kind = "ability"
        else:
            kind = ability.timing.value
        if ability is not None:
            same = [a.id for a in card.abilities if _kind(a) == _kind(ability)]
            if len(same) > 1:
                kind = f"{ordinal(same.index(ability.id) + 1)} {kind}"
        return f"{self.card_name(obj)}'s {kind}"

    def token(self, token: str) -> str | None:
        """The name of an id, or ``None`` if it is none of this game's ids."""
        outer = ids.outermost(token)
        if outer != token and not self._is_use(token):   # a part of a use or occurrence: its condition, or the part
            label = condition_label(self.state, token) if self.state is not None else ""
            if label and not label.startswith("the occurrence"):
                return self.words(label)
            owner = self.token(outer)
            part = ids.nested_part(token)
            if owner is not None and ids.is_instruction_part(part):
                return f"the {'cost' if part.startswith('cost') else 'effect'} of {owner}"
            if owner is not None and part == "instead":
                use = ids.parse_use(outer)
                ability = self.ability_name(use.obj, use.ability) if use is not None else None
                answered = self._answered(use.responds_to) if ability is not None else ""
                return f"what {ability} does instead" + (f", for {answered}" if answered else "") if ability \
                    else f"what {owner} does instead"
            if owner is not None and ":" not in part and "/" not in part:
                return f"the {part.replace('-', ' ')} of {owner}"
        use = ids.parse_use(token)
        if use is not None:
            named = self.ability_name(use.obj, use.ability)
            if named is not None:
                answered = self._answered(use.responds_to)
                return f"{named}, for {answered}" if answered else named
        if token in self.occurrences:
            return self.occurrences[token]
        if ids.is_chain(token):
            return "the Chain"
        for occ in sorted(self.occurrences, key=len, reverse=True):
            step = token[len(occ) + 1:] if token.startswith(f"{occ}/") else ""
            if step and ":" not in step and "/" not in step:    # a step of the entry's own (a challenge's defenders)
                return f"the {step.replace('-', ' ')} of {self.occurrences[occ]}"
        label = self._condition(token)
        if label:
            return label
        if ids.is_script_occurrence(token):
            return "the scripted event"
        tail = ids.last_part(token).replace("-", " ")
        if ids.is_compound(token) and tail.endswith(("would", "interrupt", "reaction")):
            return f"the {tail} window"
        return self.card_name(token) if ids.is_card_object(token) else None

    def _is_use(self, token: str) -> bool:
        """Whether ``token`` is a use of an ability (``c7.i1@s:claim:killed:c3``, or one answering
        a condition of a nested sequence) rather than an id derived from one (``<use>/effect0``,
        ``<use>/effect0:draws:P2``)."""
        use = ids.parse_use(token)
        if use is None or self.card(use.obj) is None:
            return False
        answered = use.responds_to or ""
        if ids.outermost(answered) == answered:
            return True
        if ids.outermost(answered) in self.occurrences and split_condition(answered) is not None:
            return True     # a condition of an occurrence's own nested sequence (a challenge's "s:mil/result:…")
        inner = ids.parse_use(ids.outermost(answered))
        return inner is not None and self.card(inner.obj) is not None and (
            split_condition(answered) is not None       # a card an effect plays answers the instruction (Riftbound)
            or (answered.count("/") == 1 and ids.is_instruction_part(ids.nested_part(answered))))

    def _condition(self, token: str) -> str:
        """A triggering condition (or one a nested or delayed effect grew from) in words, or ``""``."""
        if self.state is None or not ids.is_compound(token):
            return ""
        for which in (token, ids.outermost(token)):
            label = condition_label(self.state, which)
            if not label.startswith("the occurrence"):
                parts = split_condition(which)
                nth = self.repeats.get(parts[0]) if parts is not None else None
                return self.words(label) + (f" (the {ordinal(nth)} time)" if nth else "")
        return ""

    def _told_apart(self, obj: str, ability_id: str) -> str:
        """What tells an ability named by its card's title from another that reads the same: the
        card's copy, and the ability's number among its card's abilities of its kind."""
        card = self.card(obj)
        ability = card.ability(ability_id) if card is not None else None
        parts = [self.copies[card.id]] if card is not None and card.id in self.copies else []
        if ability is not None:
            same = [a.id for a in card.abilities if _kind(a) == _kind(ability)]
            if len(same) > 1:
                parts.append(f"its {ordinal(same.index(ability.id) + 1)} {_kind(ability)}")
        return ", ".join(parts)

    def _answered(self, responds_to: str | None) -> str:
        """What a use answers, in words (a condition, or a script occurrence); ``""`` for a Chain
        window, which says nothing a reader needs."""
        if not responds_to:
            return ""
        if responds_to in self.occurrences:       # a script occurrence ("the Nth time" a numbered trigger answers)
            nth = self.repeats.get(responds_to)
            return f"\u201c{self.occurrences[responds_to]}\u201d" + (f" (the {ordinal(nth)} time)" if nth else "")
        return self._condition(responds_to)

    def words(self, text: str) -> str:
        """``text`` for a reader: a bracketed id after a name dropped (``"Ser Jaime (c3)"`` →
        ``"Ser Jaime"``, or ``"Ser Jaime (P2's copy)"`` for one of two) and any other id of this
        game replaced by its name."""
        def bracketed(inner: str):
            if inner in self.cards or (ids.is_card_object(inner) and self.card(inner) is not None):
                copy = self.copies.get(ids.card_id(inner))
                return f" ({copy})" if copy else ""
            use = ids.parse_use(inner)
            if use is not None and ids.outermost(inner) != inner and not self._is_use(inner):
                named = self.token(inner)    # a part of a use: said in its brackets
                return f" ({named})" if named else ""
            answered = self._answered(use.responds_to) if use is not None else ""
            if answered:                     # after its ability's name: what the use answers, set off
                return f", for {answered}{_GOES_ON}"     # by a comma too where the sentence goes on
            if use is not None and use.responds_to is None and self.card(use.obj) is not None:
                apart = self._told_apart(use.obj, use.ability)     # after "Title's reaction": which one
                return f" ({apart})" if apart else ""
            known = self.token(inner) is not None or ids.is_compound(inner) or ids.is_instruction_part(inner)
            return "" if known else None
        text = ids.sub_part_of(text, self.token)
        text = ids.rename_bracketed(ids.without_part_of(text).replace("the occurrence ", ""), bracketed)
        text = _GOES_ON_RE.sub(",", text).replace(_GOES_ON, "")
        return ids.sub_ids(text, lambda token: self.token(token) or token, after_hash=False)


_GOES_ON = "\x00"      # where an appositive ends, while Namer.words writes (never in what it returns)
_GOES_ON_RE = re.compile("\x00(?= [a-z])")     # … followed by more of the sentence: a comma there


def _kind(ability) -> str:
    return "ability" if ability.timing in (Timing.TRIGGERED, Timing.PRIORITY) else ability.timing.value


def names(text: str, state: GameState) -> str:
    """``text`` for a reader (:meth:`Namer.words`), naming from ``state``."""
    return Namer((state,)).words(text)
