"""The lesson API: each action of a lesson is one readable line.

A lesson follows one rhythm — see the board, read the rule, predict, play, see, ask why, try a
change — and this module gives each a single call on a :class:`Lesson`::

    lesson = Lesson("scenarios/agot/claim-2-kill.yaml")
    lesson.board()                      # the cards, as small card faces, by player and zone
    lesson.rule("agot.tc.4")            # a rule in the registry's words, with its source
    lesson.predict("How many cards does P1 draw?", ["0", "1", "2"],
                   answer=lambda play: play.drew("P1"))    # the engine computes the answer
    lesson.play()                       # a short trace, cards and abilities by name
    lesson.see("windows", at="reaction window")
    lesson.why("Raven of the Dead")     # explain, in words
    lesson.variant(move="Septa Mordane", to="dead pile").play()

Every object returned shows itself in a notebook (``_repr_html_``, all text escaped) and has a
deterministic plain-text form, which is what nbval compares. Prose names cards and abilities,
never engine ids. Only rulekit's public API is used (:class:`~rulekit.game.Game`,
:func:`~rulekit.files.load_scenario`, :func:`~rulekit.explain.explain`, the rules registry),
and nothing here imports matplotlib or ipywidgets until :meth:`Lesson.see` draws.
"""
from __future__ import annotations

import dataclasses
import difflib
import re
from html import escape
from pathlib import Path

from rulekit.core.decisions import AnswerKey, Line
from rulekit.core.errors import RulekitError, ScenarioError
from rulekit.core.explain import explain
from rulekit.views.faces import Board, CardFace, Prediction, RuleCard, Why, _Shown, card_face
from rulekit.core.game import Game
from rulekit.core.rules import rule as _registry_rule
from rulekit.core.scenario import Scenario
from rulekit.core.text import condition_label

__all__ = ["CardFace", "Compared", "Lesson", "Play", "Prediction", "RuleCard", "Why", "card_face"]


# -- words instead of ids ----------------------------------------------------------------------------
_TOKEN = re.compile(r"(?<![\w'])([A-Za-z0-9_\-]+(?:[.@:/#][A-Za-z0-9_\-]+)+)")
_PAREN = re.compile(r" ?\(([^()\s]+)\)")
_USE = re.compile(r"^([A-Za-z0-9_\-]+(?:@\d+)?)\.([A-Za-z0-9_\-]+)(?:@|$)")   # card object . ability @ …
_PART = re.compile(r"\((?:effect|cost)\d+ of ")
_STEP_TITLE = re.compile(r"^Step (\d+): (.*)$")


class _Names:
    """Turns engine ids into card and ability names (``c6.r1@s:claim:killed:c3`` → "Raven of the
    Dead's reaction")."""

    def __init__(self, scenario: Scenario, states):
        self.state = states[-1] if states else None
        self.cards = {}
        for state in states:      # the setup, then the end: a card keeps the abilities it was granted
            for card in (state.cards[i] for i in state.order):
                if card.id not in self.cards or len(card.abilities) > len(self.cards[card.id].abilities):
                    self.cards[card.id] = card
        self.occurrences = {}
        for occ, entry in zip(scenario.occurrence_ids, scenario.script):
            titles = [self.cards[c].title for c in entry.cards if c in self.cards]
            subject = ", ".join(titles) or entry.player or entry.phase or ""
            self.occurrences[occ] = entry.label or f"{entry.do.value} {subject}".strip()

    def card(self, obj: str):
        return self.cards.get(obj.partition("@")[0])

    def token(self, token: str) -> str | None:
        """The name of an id, or ``None`` if it is not one of this game's ids."""
        use = _USE.match(token)
        if use is not None:
            obj, ability_id = use.group(1), use.group(2)
            card = self.card(obj)
            if card is not None:
                ability = next((a for a in card.abilities if a.id == ability_id), None)
                kind = "spell" if card.type == "spell" else (
                    ability.timing.value if ability is not None and ability.timing.value not in ("triggered", "priority")
                    else "ability")
                return f"{card.title}'s {kind}"
        if token in self.occurrences:
            return self.occurrences[token]
        if token.startswith("chain:"):
            return "the Chain"
        for occ in sorted(self.occurrences, key=len, reverse=True):
            if token.startswith(occ + ":"):
                kind = token[len(occ) + 1:].replace("-", " ")
                if kind.endswith(("interrupt", "reaction")):
                    return f"the {kind} window"
        if "/" in token and self.state is not None:     # a condition of a delayed or nested effect
            label = condition_label(self.state, token.partition("/")[0])
            if not label.startswith("the occurrence"):
                return self.words(label)
        card = self.card(token) if re.fullmatch(r"[A-Za-z0-9_\-]+(@\d+)?", token) else None
        return card.title if card is not None else None

    def words(self, text: str) -> str:
        """``text`` with every id of this game named, and ids in brackets dropped."""
        def drop(m):
            inner = m.group(1)
            known = self.token(inner) is not None or _TOKEN.fullmatch(inner) or re.fullmatch(r"(effect|cost)\d+", inner)
            return "" if known else m.group(0)
        text = _PART.sub("(", text).replace("the occurrence ", "")
        before = None
        while before != text:
            before, text = text, _PAREN.sub(drop, text)
        return _TOKEN.sub(lambda m: self.token(m.group(1)) or m.group(1), text)


def _without_position(text: str) -> str:
    """A step's description without the step number the position already gives."""
    m = re.match(r"^Step \d+(?:, ([^:—]+?))?(?: closes)?: ", text)
    if m is None:
        return text
    rest = text[m.end():]
    if m.group(1) and text[:m.end()].rstrip(": ").endswith("closes"):
        rest = "the window closes: " + rest
    return rest[:1].upper() + rest[1:]


def _position(step) -> str:
    """Where a step stands in the rules: ``"step 4, interrupt window"``. Its ruleset says
    (:func:`rulekit.text.position`, the words of the flowchart the drawings show); failing that,
    the sequence step it was taken in, else the title of the rule it applies."""
    try:
        from rulekit.core.text import position
        where = position(step)
    except (ImportError, AttributeError, NotImplementedError):
        where = ""
    if where:
        return where
    context = step.context
    seq_step = getattr(context, "step", None)
    number, title = getattr(seq_step, "number", None), getattr(seq_step, "title", None)
    if isinstance(number, int) and isinstance(title, str):
        return f"step {number}, {title}"
    try:
        rule_title = _registry_rule(step.rule).title
    except KeyError:
        return step.rule
    m = _STEP_TITLE.match(rule_title)
    if m:
        return f"step {m.group(1)}, {m.group(2)}"
    return rule_title[0].lower() + rule_title[1:]


# -- playing ---------------------------------------------------------------------------------------
_QUIET = {"window-empty", "no-forced", "initiation", "instruction", "resolved", "rb-chain-empty"}
_NESTED_QUIET = _QUIET | {"imminent", "occurs", "initiates", "rb-triggers", "rb-priority", "rb-finalized"}


def _auto_pass(step) -> bool:
    return step.what in ("pass", "rb-pass") and bool(dict(step.args).get("auto"))


class Play(_Shown):
    """A played game shown as a short trace, cards and abilities by name, with questions a
    prediction can ask of it (:meth:`zone`, :meth:`drew`, :meth:`used`…)."""

    def __init__(self, lesson: "Lesson", game: Game):
        self.lesson, self.game = lesson, game
        self.timeline = game.timeline
        self.names = _Names(lesson.scenario, (game.timeline[0].state, game.state))

    # -- reading the result --------------------------------------------------------------------
    def card(self, name: str):
        """The card named ``name`` (title or id) as it is at the end."""
        return self.game.state.cards[self.lesson.card_id(name)]

    def zone(self, name: str, at=None) -> str:
        """The card's zone at the end, or just after the step ``at`` (see :meth:`step`)."""
        if at is None:
            return self.card(name).zone
        return self.step(at).state.cards[self.lesson.card_id(name)].zone

    def step(self, at):
        """A step of this game: its number, or words of its position (the first step whose
        ``"step 4, interrupt window"``-style position or description contains them)."""
        if isinstance(at, int):
            if not 0 <= at < len(self.timeline):
                raise RulekitError(f"no step #{at}: this game has steps #0 to #{len(self.timeline) - 1}")
            return self.timeline[at]
        words = str(at).casefold()
        for outermost in (True, False):      # a step of the outermost sequence first
            for step in self.timeline:
                if outermost and step.level > 1:
                    continue
                if words in _position(step).casefold() or words in self.names.words(step.describe()).casefold():
                    return step
        raise RulekitError(f"no step of {self.lesson.title!r} matches {at!r}")

    def controller(self, name: str) -> str:
        return self.card(name).controller

    def hand(self, player: str) -> int:
        """How many cards ``player`` holds at the end."""
        return sum(1 for i in self.game.state.order
                   if self.game.state.cards[i].zone == "hand" and self.game.state.cards[i].owner == player)

    def drew(self, player: str) -> int:
        """How many cards ``player`` drew: their cards that were in the draw deck at the start and
        have left it by the end (cards played or discarded from the hand do not count)."""
        start, end = self.timeline[0].state, self.game.state
        deck = start.rules.deck
        return sum(1 for i in start.order
                   if start.cards[i].zone == deck and start.cards[i].owner == player and end.cards[i].zone != deck)

    def uses(self, name: str, ability: str | None = None) -> int:
        """How many times the card's abilities (or the one named) were used or triggered."""
        card_id = self.lesson.card_id(name)
        count = 0
        for step in self.timeline:
            if step.what in ("use", "forced", "rb-adds", "rb-placed"):
                ref = str(dict(step.args).get("use") or dict(step.args).get("item") or "")
                obj, _, ab = ref.partition("@")[0].rpartition(".")
                if obj.partition("@")[0] == card_id and (ability is None or ab == ability):
                    count += 1
        return count

    def used(self, name: str, ability: str | None = None) -> bool:
        return self.uses(name, ability) > 0

    def chooser(self, decision: str) -> str | None:
        """The player who made the first decision of this kind (``"order forced"``, ``"act or
        pass"``, ``"choose target"``…), or ``None`` if no such decision came up."""
        for step in self.timeline:
            if step.decision is not None and step.decision.kind.value == decision:
                return step.decision.chooser
        return None

    def resolved(self) -> list[str]:
        """The titles of the cards whose abilities resolved, in the order they resolved (a card
        appears once per resolution): what "in which order?" questions ask."""
        from rulekit.files.expect import resolved_of
        out = []
        for ref in resolved_of(self.game):
            card = self.names.card(ref.partition("@")[0].rpartition(".")[0] or ref)
            out.append(card.title if card is not None else self.names.words(ref))
        return out

    # -- the trace -------------------------------------------------------------------------------
    def line(self, step) -> str:
        """One step in words: ``"#5 · step 4, interrupt window — …"``."""
        position = _position(step)
        text = _without_position(self.names.words(step.describe()))
        if step.decision is not None:       # a decision: say whose choice it was, or that nobody chose
            whose = "by default" if step.answered_by == "default" else f"{step.decision.chooser}'s choice"
            text = f"{text.rstrip('.')} ({whose})."
        return f"#{step.number} · {position} — {text}"

    def lines(self, full: bool = False) -> list[str]:
        """The trace; unless ``full``, steps where nothing happens are left out and each nested
        sequence nobody could respond to is folded into one line."""
        steps, out, i = self.timeline, [], 0
        while i < len(steps):
            step = steps[i]
            if full:
                out.append("  " * max(0, step.level - 1) + self.line(step))
                i += 1
                continue
            outer, j = max(step.level, 1), i + 1
            while j < len(steps) and (steps[j].level > outer or steps[j].depth > outer):
                j += 1
            block = steps[i + 1:j]
            if not (step.what in _QUIET or _auto_pass(step)):
                out.append("  " * max(0, step.level - 1) + self.line(step))
            if block and all(s.what in _NESTED_QUIET or _auto_pass(s) for s in block):
                done = [self.names.words(s.describe()).split(" — ", 1)[-1].rstrip(".")
                        for s in block if s.what == "occurs"]
                out.append("  " * outer + f"#{block[0].number}–#{block[-1].number} · nested sequences nobody "
                           f"could respond to — {'; '.join(done) or 'nothing happens'}.")
                i = j
            else:
                i += 1
        if self.game.unapplied:
            out.append(f"{len(self.game.unapplied)} recorded answer(s) did not apply on this board.")
        return out

    def _text(self) -> str:
        return "\n".join([f"{self.lesson.title}: {len(self.timeline) - 1} steps"] + self.lines())

    def _html(self) -> str:
        items = "".join(f"<li style='list-style:none;white-space:pre-wrap'>{escape(line)}</li>" for line in self.lines())
        return (f"<div class='rk-play'><b>{escape(self.lesson.title)}</b>: {len(self.timeline) - 1} steps"
                f"<ul style='padding-left:0.5em;font-family:monospace;font-size:0.85em'>{items}</ul></div>")


# -- the lesson ------------------------------------------------------------------------------------
class Lesson(_Shown):
    """A scenario made into a lesson: show it, play it, question it, change it.

    ``source`` is a scenario file (its recorded answers are the lesson's line of play), a
    :class:`~rulekit.files.LoadedScenario` or a :class:`~rulekit.scenario.Scenario`. Cards are
    named by title (or id) everywhere.
    """

    def __init__(self, source, *, answers=None, changes: tuple[str, ...] = ()):
        if isinstance(source, (str, Path)):
            from rulekit.files.scenario_files import load_scenario
            source = load_scenario(source)
        if isinstance(source, Scenario):
            self.scenario, own = source, Line()
        elif isinstance(getattr(source, "scenario", None), Scenario):
            self.scenario, own = source.scenario, source.answers
        else:
            raise TypeError(f"a lesson is made from a scenario file, a loaded scenario or a Scenario, not {source!r}")
        self.answers: Line = own if answers is None else _as_line(answers)
        self.changes = tuple(changes)
        self._plays: dict = {}

    @classmethod
    def from_file(cls, path) -> "Lesson":
        """The lesson of a scenario file (same as ``Lesson(path)``)."""
        return cls(path)

    @property
    def title(self) -> str:
        return self.scenario.title + "".join(f" [{c}]" for c in self.changes)

    # -- cards ---------------------------------------------------------------------------------
    def card_id(self, name: str) -> str:
        """The id of the card whose title (or id) is ``name``; a clear error otherwise."""
        cards = self.scenario.cards
        if any(c.id == name for c in cards):
            return name
        found = [c for c in cards if c.title.casefold() == str(name).casefold()]
        if len(found) == 1:
            return found[0].id
        if found:
            raise ScenarioError(f"{len(found)} cards are titled {name!r} ({', '.join(c.id for c in found)}): "
                                f"name one by its id")
        titles = [c.title for c in cards]
        close = difflib.get_close_matches(str(name), titles, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ScenarioError(f"no card titled {name!r} in {self.scenario.title!r}{hint}",
                            expected=None if close else "one of " + ", ".join(repr(t) for t in titles))

    def card(self, name: str) -> CardFace:
        """One card's face, as the scenario sets it up."""
        return CardFace(self.scenario.card(self.card_id(name)), self.scenario.ruleset)

    def board(self, at=None) -> Board:
        """The cards by player and zone: as set up, or ``at`` a step of the played game (a step
        number or words of its position such as ``"reaction window"``)."""
        play = self.play()
        step = play.timeline[0] if at is None else self.step(at)
        state = step.state
        caption = "as set up" if at is None else f"after #{step.number} · {_position(step)}"
        return Board(self.title, state.ruleset, state.players, [state.cards[i] for i in state.order],
                     state.rules.deck, caption)

    # -- rules, play, predict ----------------------------------------------------------------------
    def rule(self, rule_id: str) -> RuleCard:
        """A rule in the registry's words, with its source (``KeyError`` names close ids)."""
        return RuleCard(_registry_rule(rule_id))

    def play(self, answers=None) -> Play:
        """Play the scenario with its own answers (or ``answers``: a list of answers in the file
        format, a :class:`~rulekit.decisions.Line`, or ``"defaults"``); defaults elsewhere."""
        line = self.answers if answers is None else _as_line(answers)
        key = tuple(line.items())
        if key not in self._plays:
            self._plays[key] = Play(self, self._start(line, play_defaults=True))
        return self._plays[key]

    def predict(self, question: str, choices, answer, *, answers=None) -> Prediction:
        """A multiple-choice question. ``choices`` is a list (keys A, B, C…) or a mapping of key to
        text; ``answer`` is a function of the :class:`Play` whose result is a key or a choice's
        text — the engine computes it — or, less usefully, a key given by the lesson."""
        if isinstance(choices, dict):
            keyed = {str(k): str(v) for k, v in choices.items()}
        else:
            keyed = {chr(ord("A") + i): str(v) for i, v in enumerate(choices)}
        if not callable(answer):
            if str(answer) not in keyed:
                raise RulekitError(f"answer {answer!r} is not a key of the choices ({', '.join(keyed)})")
            return Prediction(question, keyed, str(answer), computed=False)
        value = answer(self.play(answers))
        return Prediction(question, keyed, _choice_for(value, keyed), computed=True)

    # -- steps, drawings, explanations ---------------------------------------------------------------
    def step(self, at, answers=None):
        """A step of the played game: its number, or words of its position (the first step whose
        ``"step 4, interrupt window"``-style position or description contains them)."""
        return self.play(answers).step(at)

    def see(self, view: str = "flow", at=None, answers=None):
        """Draw a view (``"flow"``, ``"windows"``, ``"chain"`` or ``"graph"``) of a step (default:
        the last) with :func:`rulekit.draw.draw_view`; imports matplotlib."""
        from rulekit.views.draw import draw_view
        play = self.play(answers)
        step = play.timeline[-1] if at is None else self.step(at, answers)
        return draw_view(view, step, play.timeline)

    def why(self, card: str, ability: str | None = None, at=None, answers=None) -> Why:
        """Why ``card``'s ability could or could not be used, in words (:func:`rulekit.explain`).
        ``ability`` is its id or its timing word (``"reaction"``), optional when the card has one;
        ``at`` is a step (default, or ``"first"``: the first step that judged the ability;
        ``"last"``: the last one)."""
        from rulekit.core.verdicts import reason
        play = self.play(answers)
        card_id = self.card_id(card)
        ability_id = self._ability(card_id, ability)
        if at is None or at in ("first", "last"):
            step = self._judged_at(play, card_id, ability_id, last=at == "last")
        else:
            step = self.step(at, answers)
        e = explain(step, card_id, ability_id, later=play.game.last_step)
        title = self.scenario.card(card_id).title
        names = play.names
        head = f"#{step.number} · {_position(step)} — {names.token(f'{card_id}.{ability_id}') or title}"
        if not e.verdicts:
            return Why(head, [names.words(e.note)])
        reasons = [names.words(f"for {label}: {reason(v)}") for v, label in zip(e.verdicts, e.conditions)]
        return Why(head + (": usable" if e.usable else ": not usable"), reasons, usable=bool(e.usable))

    def _ability(self, card_id: str, ability: str | None) -> str:
        card = self.play().timeline[0].state.cards[card_id]     # with the abilities the rules give it
        abilities = list(card.abilities) + [e.grant for e in self.scenario.script
                                            if e.grant is not None and card_id in e.cards]
        listed = "; ".join(f"{a.id} ({a.timing.value}: {a.text or 'no text'})" for a in abilities) or "none"
        if ability is None:
            if len(abilities) == 1:
                return abilities[0].id
            raise RulekitError(f"{card.title} has {len(abilities)} abilities; name one: {listed}")
        for matches in ([a for a in abilities if a.id == ability],
                        [a for a in abilities if a.timing.value == str(ability).casefold()]):
            if len(matches) == 1:
                return matches[0].id
        raise RulekitError(f"{card.title} has no single ability {ability!r}; its abilities: {listed}")

    @staticmethod
    def _judged_at(play: Play, card_id: str, ability_id: str, last: bool = False):
        """The first (or last) step whose verdicts include the ability, else the first that can
        judge it."""
        considered = [s for s in play.timeline
                      if any(v.card.partition("@")[0] == card_id and v.ability == ability_id for v in s.verdicts)]
        if considered:
            return considered[-1] if last else considered[0]
        for step in play.timeline:
            try:
                e = explain(step, card_id, ability_id, later=play.game.last_step)
            except RulekitError:
                continue
            if e.verdicts and not all(v.code.value in ("not the right timing", "does not listen for this event")
                                      for v in e.verdicts):
                return step
        name = play.names.token(f"{card_id}.{ability_id}") or card_id
        raise RulekitError(f"no step of this game judged {name}: pass at=… to choose a step")

    # -- trying a change ---------------------------------------------------------------------------
    def variant(self, *, move: str | None = None, to: str | None = None, give: str | None = None,
                remove: str | None = None, ruling: str | None = None) -> "Lesson":
        """The same lesson on a changed board: ``move=CARD, to=ZONE``; ``give=CARD, to=PLAYER``
        (change its controller); ``remove=CARD``; or, the same board under another reading,
        ``ruling=NAME, to=OPTION`` (``rulekit rulings`` lists them). The changed scenario is checked
        like a file (:class:`~rulekit.errors.ScenarioError` with a clear message) and keeps the
        recorded answers; those that no longer apply are reported when it is played."""
        asked = [k for k, v in (("move", move), ("give", give), ("remove", remove), ("ruling", ruling))
                 if v is not None]
        if len(asked) != 1:
            raise ScenarioError("a variant makes one change: move=CARD, to=ZONE; give=CARD, to=PLAYER; remove=CARD; "
                                "or ruling=NAME, to=OPTION" + (f" (got {', '.join(asked)})" if asked else ""))
        if ruling is not None:
            if to is None:
                raise ScenarioError(f"say which option: ruling={ruling!r}, to=…")
            from rulekit.views.compare import with_rulings
            scenario = with_rulings(self.scenario, {ruling: str(to)})
            return self._changed(scenario, f"ruling {ruling}={to}")
        name = move or give or remove
        card = self.scenario.card(self.card_id(name))
        if remove is not None:
            used = [i for i, e in enumerate(self.scenario.script) if card.id in e.cards]
            if used:
                raise ScenarioError(f"cannot remove {card.title}: the script makes something happen to it "
                                    f"(script[{used[0]}])")
            cards = tuple(c for c in self.scenario.cards if c.id != card.id)
            change = f"{card.title} removed"
        elif to is None:
            raise ScenarioError(f"say where to: {asked[0]}={name!r}, to=…")
        elif move is not None:
            zones = self.play().game.state.rules.zones
            if to not in zones:
                close = difflib.get_close_matches(str(to), zones, n=1)
                raise ScenarioError(f"cannot move {card.title} to {to!r}: no such zone in {self.scenario.ruleset}"
                                    + (f" (did you mean {close[0]!r}?)" if close else ""),
                                    expected="one of " + ", ".join(zones))
            if to == card.zone:
                raise ScenarioError(f"{card.title} is already in the {to}")
            cards = tuple(dataclasses.replace(c, zone=to) if c.id == card.id else c for c in self.scenario.cards)
            change = f"{card.title} moved to the {to}"
        else:
            if to not in self.scenario.players:
                raise ScenarioError(f"cannot give {card.title} to {to!r}: not a player",
                                    expected="one of " + ", ".join(self.scenario.players))
            cards = tuple(dataclasses.replace(c, controller=to) if c.id == card.id else c for c in self.scenario.cards)
            change = f"{card.title} controlled by {to}"
        return self._changed(dataclasses.replace(self.scenario, cards=cards), change)

    def _changed(self, scenario: Scenario, change: str) -> "Lesson":
        lesson = Lesson(scenario, answers=self.answers, changes=self.changes + (change,))
        try:
            lesson._start(lesson.answers, play_defaults=False)
        except ScenarioError as e:
            raise ScenarioError(f"the variant ({change}) is not a valid scenario: {e}") from None
        return lesson

    try_ = variant

    def compare(self, ruling: str, to: str | None = None, answers=None) -> "Compared":
        """The same board under a ruling's default and under ``to`` (default: its other option),
        side by side with :func:`rulekit.compare.compare_rulings`: where the timelines part and how
        the outcomes differ, with cards and abilities named. Both games keep the lesson's answers."""
        from rulekit.views.compare import compare_rulings
        from rulekit.rulesets import get as get_ruleset
        rules = get_ruleset(self.scenario.ruleset)
        found = rules.ruling(ruling)
        if found is None:
            names = [r.name for r in rules.rulings]
            close = difflib.get_close_matches(ruling, names, n=1)
            raise ScenarioError(f"{rules.name} has no ruling {ruling!r}" + (f" (did you mean {close[0]!r}?)" if close else ""),
                                expected="one of " + ", ".join(names))
        other = to if to is not None else next(o for o in found.option_names() if o != found.default)
        line = self.answers if answers is None else _as_line(answers)
        result = compare_rulings(self.scenario, {ruling: found.default}, {ruling: other}, line)
        names = _Names(self.scenario, (result.game_a.timeline[0].state, result.game_a.state, result.game_b.state))
        return Compared(result, names, found.question, self.variant(ruling=ruling, to=found.default),
                        self.variant(ruling=ruling, to=other))

    def _start(self, line: Line, *, play_defaults: bool) -> Game:
        return Game.start(self.scenario, line, play_defaults=play_defaults)

    def _text(self) -> str:
        return (f"<Lesson {self.title!r}: {self.scenario.ruleset}, {len(self.scenario.cards)} cards, "
                f"{len(self.answers)} recorded answer(s)>")

    def _html(self) -> str:
        return f"<div class='rk-lesson'>{escape(self._text())}</div>"


class Compared(_Shown):
    """A :class:`~rulekit.compare.Comparison` shown with cards and abilities named (the
    comparison itself is ``.comparison``)."""

    def __init__(self, comparison, names: "_Names", question: str = "", lesson_a=None, lesson_b=None):
        self.comparison, self.names, self.question = comparison, names, question
        self.lesson_a, self.lesson_b = lesson_a, lesson_b

    @property
    def same(self) -> bool:
        return self.comparison.same

    @property
    def parting(self) -> int | None:
        """The timeline number of the first step where the two readings part (``None``: never)."""
        d = self.comparison.first_difference
        return d.number if d is not None else None

    @property
    def a(self) -> Play:
        """The game under the default reading, as a :class:`Play` a prediction can ask."""
        return Play(self.lesson_a, self.comparison.game_a)

    @property
    def b(self) -> Play:
        return Play(self.lesson_b, self.comparison.game_b)

    def lines(self) -> list[str]:
        head = [self.question] if self.question else []
        def quoted(m):
            name = self.names.token(m.group(1))
            return name if name is not None else m.group(0)
        return head + [self.names.words(re.sub(r"'([^'\s]+)'", quoted, line))
                       for line in str(self.comparison).splitlines()]

    def _text(self) -> str:
        return "\n".join(self.lines())

    def _html(self) -> str:
        return ("<div class='rk-compare'><pre style='white-space:pre-wrap;font-size:0.85em'>"
                + escape(self._text()) + "</pre></div>")


def _as_line(answers) -> Line:
    """A :class:`~rulekit.decisions.Line` from ``"defaults"``, a Line, a mapping of
    :class:`~rulekit.decisions.AnswerKey` to option id, or answers in the file format."""
    if isinstance(answers, Line):
        return answers
    if isinstance(answers, str):
        if answers == "defaults":
            return Line()
        answers = [answers]
    line = Line()
    if isinstance(answers, dict):
        for key, option in answers.items():
            if not isinstance(key, AnswerKey):
                raise TypeError(f"answers must be keyed by AnswerKey, got {key!r}")
            line = line.with_answer(key, option)
        return line
    from rulekit.files.document import AnswerSpec
    for item in answers:
        spec = AnswerSpec.parse(item) if isinstance(item, str) else item
        line = line.with_answer(spec.key, spec.answer)
    return line


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
