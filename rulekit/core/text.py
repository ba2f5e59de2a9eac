"""Words for people: labels of options and one-line descriptions of steps.

Steps store codes and ids; sentences are made here, only when something is shown.
"""
from __future__ import annotations

import re

from rulekit.core import ids
from rulekit.core.abilities import Timing
from rulekit.core.events import EventKind
from rulekit.core.model import Card, GameState


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


def use_ref_label(state: GameState, use_id: str) -> str:
    """``"c7.r1@s:claim:killed:c3"`` → ``"Tyrion's reaction (c7.r1) for: Ser Jaime (c3) killed"``."""
    use = ids.parse_use(use_id)
    card = card_of(state, use.obj) if use is not None else None
    if card is None:
        return use_id
    obj, ability_id, responds_to = use.obj, use.ability, use.responds_to or ""
    ability = card.ability(ability_id)
    kind = ability.timing.value if ability else "ability"
    target = condition_label(state, responds_to)
    return f"{card.title}'s {kind} ({obj}.{ability_id}) for: {target}"


def option_label(kind, option_id: str, state: GameState, chooser: str) -> str:
    """The readable label of a decision's option (a chance outcome: the cards it names, in order)."""
    if kind == "chance":
        return " and ".join(obj_label(state, c) for c in ids.outcome_cards(option_id)) or "nothing"
    if option_id == "pass":
        return f"{chooser} passes"
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
    """One line for a step, from its code and arguments, naming cards by title."""
    a = dict(args)
    if what == "setup":
        return f"The game is set up: {len(state.cards)} cards, {', '.join(state.players)}; first player {state.first_player}."
    if what == "script":
        label = a.get("label") or a["occurrence"]
        return f"Script: {label}."
    if what == "script-nothing":
        return f"Script: {a.get('label') or a['occurrence']} — it could change nothing, so nothing happens."
    if what == "script-done":
        return "The script is over."
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


def _token_name(token: str, state: GameState) -> str:
    use = ids.parse_use(token)
    card = card_of(state, use.obj) if use is not None else None
    if card is not None:
        ability = card.ability(use.ability)
        kind = ability.timing.value if ability is not None and ability.timing not in (Timing.TRIGGERED, Timing.PRIORITY) \
            else "ability"
        return f"{card.title}'s {kind}"
    label = condition_label(state, ids.outermost(token))
    if not label.startswith("the occurrence"):
        return names(label, state)
    if ids.is_chain(token):
        return "the Chain"
    if ids.is_script_occurrence(token):
        return "the scripted event"
    tail = ids.last_part(token).replace("-", " ")
    if tail in ("would", "interrupt", "reaction"):
        return f"the {tail} window"
    card = card_of(state, token)
    return card.title if card is not None else "the occurrence"


def names(text: str, state: GameState) -> str:
    """``text`` for a reader: ids in brackets dropped (``"Hollowfield Steward (c3)"`` →
    ``"Hollowfield Steward"``) and any other engine id replaced by what it names."""
    text = ids.sub_bracketed(ids.without_part_of(text), lambda token: is_internal_id(token, state))
    return ids.sub_ids(text, lambda token: _token_name(token, state) if is_internal_id(token, state) else token)
