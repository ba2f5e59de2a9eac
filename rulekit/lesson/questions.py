"""Questions a lesson asks, whose choices, answer and why come from the board as it stands.

:func:`ask` is :meth:`Lesson.predict <rulekit.lesson.Lesson.predict>`: the lesson's words for the
question, the engine's answer. The other functions make the choices from the board too — the
abilities on it, the cards that have some, its players, the zones its cards occupy, the size of a
player's draw deck — so that the same question asked of a changed board (a variant, a typed card
text: :meth:`Prediction.on <rulekit.views.faces.Prediction.on>`) offers that board's choices.
Every answer carries the engine's why, with the rule each reason applies.
"""
from __future__ import annotations

from rulekit.core import ids
from rulekit.core.errors import RulekitError
from rulekit.core.explain import explain
from rulekit.core.rules import rule as _registry_rule
from rulekit.core.timeline import Step
from rulekit.core.verdicts import reason
from rulekit.lesson.names import _position
from rulekit.views.faces import Prediction, Why

NONE = "none"        # the key of "none of them" in a "which of these?" question

# The steps whose line says why a game ended as it did: an ability used, triggered or added to the
# Chain, a condition occurring, an event processed; quiet steps (passes, empty windows) say nothing.
_DECISIVE = {"use", "forced", "occurs", "rb-adds", "rb-placed", "rb-occurs"}


def ask(lesson, question: str, choices, answer, *, why=None, answers=None, multiple: bool = False) -> Prediction:
    """A multiple-choice question about ``lesson``'s board (see :meth:`Lesson.predict <rulekit.lesson.Lesson.predict>`).

    ``choices``: a list (keys A, B, C…), a mapping of key to text, or a function of the
    :class:`~rulekit.lesson.Play` returning one (choices made from the board). ``answer``: a
    function of the play returning a key or a choice's text (with ``multiple``, a list of them), or
    a key given by the lesson. ``why``: a card's title (its ability at the step that judged it), a
    function of the lesson returning a :class:`~rulekit.views.faces.Why`, steps of its play or lines, or
    ``None`` — the steps of the play that decided the outcome (:func:`decisive`), each with its rule."""
    play = lesson.play(answers)
    keyed = _keyed(choices(play) if callable(choices) else choices)
    if not callable(answer):
        if str(answer) not in keyed:
            raise RulekitError(f"answer {answer!r} is not a key of the choices ({', '.join(keyed)})")
        right, computed = (str(answer),), False
    else:
        value = answer(play)
        values = list(value) if multiple else [value]
        right = tuple(dict.fromkeys(_choice_for(v, keyed) for v in values)) or ((NONE,) if NONE in keyed else ())
        if not right:
            raise RulekitError(f"the engine's answer to {question!r} is none of the choices: add a {NONE!r} choice")
        computed = True
    lines, rules = _why(lesson, play, why, answers) if computed or why is not None else ([], [])

    def again(other):
        return ask(other, question, choices, answer, why=why, answers=answers, multiple=multiple)
    return Prediction(question, keyed, right[0], computed, right=right, multiple=multiple, why=lines, rules=rules,
                      ask=again)


# -- questions whose choices come from the board ----------------------------------------------------------
def usable(lesson, at, *, answers=None, question: str | None = None) -> Prediction:
    """"Which abilities may be used at this step?": one choice per ability on the board (named as a
    reader names it), and "none of them"; the answer is every ability the engine judged usable there,
    each choice's why its verdicts at that step."""
    def choices(play):
        return _abilities(_lesson_of(play), play, at)

    def answer(play):
        return [key for key, (card, ability) in _ability_refs(_lesson_of(play), play, at).items()
                if _judged(play, play.step(at), card, ability)[0]]

    def why(other):
        play = other.play(answers)
        step = play.step(at)
        out = []
        for card, ability in _ability_refs(other, play, at).values():
            out += [f"{_name(play, card, ability)}: {reason}" for reason in _judged(play, step, card, ability)[1]]
        return Why(f"#{step.number} · {_position(step)}", out, rule=step.state.rules.position_rule(step))
    words = question or f"Which abilities may be used at {_where(lesson.play(answers).step(at))}?"
    return ask(lesson, words, choices, answer, why=why, answers=answers, multiple=True)


def draws(lesson, player: str, *, answers=None, question: str | None = None, why=None) -> Prediction:
    """"How many cards does ``player`` draw?": the choices run from none to every card of their draw
    deck as set up."""
    def choices(play):
        return [str(n) for n in range(_deck(play.timeline[0].state, player) + 1)]
    def theirs(other):          # the player's own decisions and draws among the decisive steps, else all of them
        steps = decisive(other.play(answers))
        return [s for s in steps if (s.decision is not None and s.decision.chooser == player)
                or _deck(s.state, player) < _deck(s.before, player)] or steps
    _player(lesson, player)
    return ask(lesson, question or f"How many cards does {player} draw?", choices,
               lambda play: play.drew(player), why=theirs if why is None else why, answers=answers)


def zone(lesson, card: str, *, at=None, answers=None, question: str | None = None, why=None) -> Prediction:
    """"Where is ``card``?" (at the end, or just after the step ``at``): the choices are the zones the
    board's cards occupy, as set up or at the end (decks and the Chain aside, unless the card is there)."""
    title = lesson.scenario.card(lesson.card_id(card)).title

    def choices(play):
        rules, seen = play.timeline[0].state.rules, set()
        for state in (play.timeline[0].state, play.game.state):
            seen |= {state.cards[i].zone for i in state.order} - {rules.deck, "chain"}
        own = {play.timeline[0].state.cards[play.lesson.card_id(card)].zone, play.zone(card, at=at)}
        return [z for z in rules.zones if z in seen | own]
    when = "at the end" if at is None else f"after {_where(lesson.play(answers).step(at))}"
    return ask(lesson, question or f"Where is {title} {when}?", choices,
               lambda play: play.zone(card, at=at), why=why, answers=answers)


def first(lesson, *, last: bool = False, answers=None, question: str | None = None, why=None) -> Prediction:
    """"Whose ability resolves first?" (or last): the choices are the board's cards that have
    abilities."""
    def choices(play):
        state = play.timeline[0].state
        return list(dict.fromkeys(state.cards[i].title for i in state.order if state.cards[i].abilities))

    def answer(play):
        done = play.resolved()
        if not done:
            raise RulekitError("no ability resolves in this game: ask another question")
        return done[-1] if last else done[0]
    words = question or f"Whose ability resolves {'last' if last else 'first'}?"
    return ask(lesson, words, choices, answer, why=why, answers=answers)


def chooser(lesson, decision: str, *, answers=None, question: str | None = None, why=None) -> Prediction:
    """"Who makes this decision?" (``"order forced"``, ``"order triggers"``…): the choices are the
    players, and "nobody" when no such decision came up."""
    def choices(play):
        return {**{p: p for p in play.game.state.players}, "nobody": "nobody — no such decision comes up"}
    return ask(lesson, question or f"Who decides ({decision})?", choices,
               lambda play: play.chooser(decision) or "nobody", why=why, answers=answers)


# -- the why ---------------------------------------------------------------------------------------------
def _why(lesson, play, why, answers) -> tuple[list[str], list[tuple[str, str, str]]]:
    """The why's lines and the rules they apply."""
    shown = decisive(play) if why is None else lesson.why(why, answers=answers) if isinstance(why, str) else why(lesson)
    if isinstance(shown, Why):
        return [shown.header] + list(shown.reasons), _rules([shown.rule] if shown.rule else [])
    shown = list(shown)
    if shown and all(isinstance(s, Step) for s in shown):      # steps of the play: their lines, their rules
        return [play.line(s) for s in shown], _rules(s.rule for s in shown)
    return [str(line) for line in shown], []


def decisive(play) -> list:
    """The steps of a play that decided its outcome: abilities used or added, occurrences."""
    return [s for s in play.timeline if s.what in _DECISIVE]


def _rules(rule_ids) -> list[tuple[str, str, str]]:
    out = []
    for rule_id in dict.fromkeys(rule_ids):
        try:
            found = _registry_rule(rule_id)
        except KeyError:
            out.append((rule_id, rule_id, ""))
            continue
        out.append((found.id, found.title, found.cited))
    return out


# -- helpers ---------------------------------------------------------------------------------------------
def _lesson_of(play):
    return play.lesson


def _deck(state, player: str) -> int:
    """How many cards of ``player``'s draw deck ``state`` holds."""
    return sum(1 for i in state.order if state.cards[i].zone == state.rules.deck and state.cards[i].owner == player)


def _where(step) -> str:
    return f"#{step.number} · {_position(step)}"


def _player(lesson, player: str) -> None:
    if player not in lesson.scenario.players:
        raise RulekitError(f"no player {player!r} in {lesson.title!r}; the players are {', '.join(lesson.scenario.players)}")


def _ability_refs(lesson, play, at) -> dict:
    """The abilities on the board at the step ``at``, keyed A, B, C…: ``(card id, ability id)``."""
    state = play.step(at).before
    refs = [(state.cards[i].id, a.id) for i in state.order for a in state.cards[i].abilities]
    return {chr(ord("A") + n): ref for n, ref in enumerate(refs)}


def _abilities(lesson, play, at) -> dict:
    named = {key: _name(play, card, ability) for key, (card, ability) in _ability_refs(lesson, play, at).items()}
    seen: dict[str, int] = {}
    for key, name in list(named.items()):      # two abilities that read alike are told apart by their id
        seen[name] = seen.get(name, 0) + 1
    for key, (card, ability) in _ability_refs(lesson, play, at).items():
        if seen[named[key]] > 1:
            named[key] += f" ({ability})"
    return {**named, NONE: "none of them"}


def _judged(play, step, card: str, ability: str) -> tuple[bool, list[str]]:
    """Whether the engine judged the ability usable at ``step``, and its reasons, in words (the
    ability as the step's own state has it: one granted by an effect too)."""
    e = explain(step, card, ability, later=play.game.last_step)
    if not e.verdicts:
        return False, [play.names.words(e.note)]
    return e.usable, [play.names.words(f"for {label}: {reason(v)}") for v, label in zip(e.verdicts, e.conditions)]


def _name(play, card: str, ability: str) -> str:
    return play.names.token(ids.ability_ref(card, ability)) or f"{card} {ability}"


def _keyed(choices) -> dict:
    if isinstance(choices, dict):
        return {str(k): str(v) for k, v in choices.items()}
    return {chr(ord("A") + i): str(v) for i, v in enumerate(choices)}


def _choice_for(value, choices: dict) -> str:
    """The key of the choice the engine's ``value`` names (a key, or a choice's text)."""
    if isinstance(value, bool):
        value = "yes" if value else "no"
    text = str(value).strip()
    if text in choices:
        return text
    for key, choice in choices.items():
        if choice.strip().casefold() == text.casefold():
            return key
    raise RulekitError(f"the engine's answer {text!r} is none of the choices "
                       f"({'; '.join(f'{k}) {v}' for k, v in choices.items())}): fix the question")
