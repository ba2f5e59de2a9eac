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
    lesson.why("Barrowhill Raven")     # explain, in words
    lesson.variant(move="Septa Orlaine", to="dead pile").play()

Every object returned shows itself in a notebook (``_repr_html_``, all text escaped) and has a
deterministic plain-text form, which is what nbval compares. Prose names cards and abilities,
never engine ids. Only rulekit's public API is used (:class:`~rulekit.game.Game`,
:func:`~rulekit.files.load_scenario`, :func:`~rulekit.explain.explain`, the rules registry),
and nothing here imports matplotlib or ipywidgets until :meth:`Lesson.see` draws.
"""
from __future__ import annotations

import dataclasses
import difflib
from html import escape
from pathlib import Path

from rulekit.core import ids
from rulekit.core.decisions import AnswerKey, Line
from rulekit.core.errors import RulekitError, ScenarioError
from rulekit.core.explain import explain
from rulekit.views.faces import Board, CardFace, Prediction, Reading, RuleCard, Why, _Shown, card_face
from rulekit.core.game import Game
from rulekit.core.rules import rule as _registry_rule
from rulekit.core.scenario import Scenario
from rulekit.core.verdicts import Code
from rulekit.lesson import questions
from rulekit.lesson.compared import Compared
from rulekit.core.text import Namer
from rulekit.lesson.names import _position
from rulekit.lesson.play import Play

__all__ = ["CardFace", "Compared", "Lesson", "Play", "Prediction", "Reading", "RuleCard", "Why", "card_face"]


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

    def predict(self, question: str, choices, answer, *, why=None, answers=None, multiple: bool = False) -> Prediction:
        """A multiple-choice question. ``choices`` is a list (keys A, B, C…), a mapping of key to
        text, or a function of the :class:`Play` returning one; ``answer`` is a function of the
        :class:`Play` whose result is a key or a choice's text — the engine computes it — or, less
        usefully, a key given by the lesson. ``why``: a card's title, a function of the lesson
        returning a :class:`Why`, or ``None`` (the steps that decided the outcome), each with its
        rule. ``prediction.on(variant)`` asks the same of a changed board
        (:mod:`rulekit.lesson.questions`; ``rulekit_widgets.quiz`` lets a reader answer it)."""
        return questions.ask(self, question, choices, answer, why=why, answers=answers, multiple=multiple)

    def ask_usable(self, at, *, answers=None, question: str | None = None) -> Prediction:
        """"Which abilities may be used at ``at``?": every ability on the board is a choice."""
        return questions.usable(self, at, answers=answers, question=question)

    def ask_draws(self, player: str, **kw) -> Prediction:
        """"How many cards does ``player`` draw?": from none to their whole draw deck."""
        return questions.draws(self, player, **kw)

    def ask_zone(self, card: str, **kw) -> Prediction:
        """"Where is ``card``?" (``at=`` a step, default the end): the zones the board's cards occupy."""
        return questions.zone(self, card, **kw)

    def ask_first(self, **kw) -> Prediction:
        """"Whose ability resolves first?" (``last=True``: last): the cards that have abilities."""
        return questions.first(self, **kw)

    def ask_chooser(self, decision: str, **kw) -> Prediction:
        """"Who makes this decision?" (``"order forced"``…): the players, or nobody."""
        return questions.chooser(self, decision, **kw)

    # -- steps, drawings, explanations ---------------------------------------------------------------
    def step(self, at, answers=None):
        """A step of the played game: its number, or words of its position (the first step whose
        ``"step 4, interrupt window"``-style position or description contains them)."""
        return self.play(answers).step(at)

    def see(self, view: str = "flow", at=None, answers=None, *, before=None):
        """Draw a view (``"sequence"``, ``"flow"``, ``"windows"``, ``"chain"`` or ``"graph"``) of a
        step (default: the last) with :func:`rulekit.draw.draw_view`; ``before=`` a step (as
        ``at``) draws the moment just before it — the Chain as an item is about to resolve, not
        after. Imports matplotlib."""
        from rulekit.views.draw import draw_view
        play = self.play(answers)
        if at is not None and before is not None:
            raise RulekitError("see() draws one moment: pass at=… or before=…, not both")
        if before is not None:
            step = self.step(before, answers)
            if step.number == 0:
                raise RulekitError(f"nothing comes before #0 ({before!r} is the game's first step)")
            step = play.timeline[step.number - 1]
        else:
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
        head = f"#{step.number} · {_position(step)} — {names.token(ids.ability_ref(card_id, ability_id)) or title}"
        corpus = self.scenario.corpus
        if corpus is not None and corpus.card == card_id:      # a corpus card: its text as printed
            head += f" “{corpus.text}”"
        if not e.verdicts:
            return Why(head, [names.words(e.note)], rule=step.rule)
        reasons = [names.words(f"for {label}: {reason(v)}") for v, label in zip(e.verdicts, e.conditions)]
        return Why(head + (": usable" if e.usable else ": not usable"), reasons, usable=bool(e.usable), rule=step.rule)

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
                      if any(ids.card_id(v.card) == card_id and v.ability == ability_id for v in s.verdicts)]
        if considered:
            return considered[-1] if last else considered[0]
        for step in play.timeline:
            try:
                e = explain(step, card_id, ability_id, later=play.game.last_step)
            except RulekitError:
                continue
            if e.verdicts and not all(v.code in (Code.WRONG_TIMING, Code.NOT_LISTENING) for v in e.verdicts):
                return step
        name = play.names.token(ids.ability_ref(card_id, ability_id)) or card_id
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

    def read(self, text: str, card: str | None = None) -> Reading:
        """What a printed ``text`` reads as in this lesson's game (rule ``rulekit.card-text``): its
        canonical wording and abilities, or the phrase rulekit cannot read. ``card``: the card of the
        board whose name the text uses for itself."""
        title = self.scenario.card(self.card_id(card)).title if card is not None else ""
        return Reading(self.scenario.rules, text, title)

    def with_text(self, card: str, text: str) -> "Lesson":
        """The same lesson with ``card`` given the abilities its printed ``text`` reads as, in place
        of its own (a text rulekit cannot read is a :class:`~rulekit.core.cardtext.CardTextError`
        naming the phrase). The recorded answers are kept; those that no longer apply are reported."""
        from rulekit.core.cardtext import given, read_card
        found = self.scenario.card(self.card_id(card))
        new = given(found, read_card(self.scenario.rules, text, found.title))
        cards = tuple(new if c.id == found.id else c for c in self.scenario.cards)
        return self._changed(dataclasses.replace(self.scenario, cards=cards), f"{found.title} reads “{text}”")

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
        names = Namer((result.game_a.timeline[0].state, result.game_a.state, result.game_b.state), self.scenario)
        return Compared(result, names, found.question, self.variant(ruling=ruling, to=found.default),
                        self.variant(ruling=ruling, to=other))

    def _start(self, line: Line, *, play_defaults: bool) -> Game:
        return Game.start(self.scenario, line, play_defaults=play_defaults)

    def _text(self) -> str:
        return (f"<Lesson {self.title!r}: {self.scenario.ruleset}, {len(self.scenario.cards)} cards, "
                f"{len(self.answers)} recorded answer(s)>")

    def _html(self) -> str:
        return f"<div class='rk-lesson'>{escape(self._text())}</div>"


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

