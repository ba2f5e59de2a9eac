"""The one model every widget observes: a scenario, its game, and a cursor on the timeline.

Widgets never touch the engine directly: they set traits here or call these methods, and
redraw when ``game`` or ``cursor`` changes. Editing the board replays the recorded line of
play on the edited scenario (answers survive edits; the ones that no longer apply are kept in
``unapplied`` for the reader to see).
"""
from __future__ import annotations

from dataclasses import replace

import traitlets

from rulekit import Game, IllegalAnswer, Line, RulekitError, Scenario
from rulekit.core.timeline import Step


class GameModel(traitlets.HasTraits):
    """``error`` is the message of the last board edit that failed (the model stays at the
    last good scenario and game); ``message`` reports on the game shown."""

    scenario = traitlets.Instance(Scenario)
    game = traitlets.Instance(Game)
    cursor = traitlets.Int(0)
    message = traitlets.Unicode("")
    error = traitlets.Unicode("")

    def __init__(self, scenario: Scenario, answers=None, **kwargs):
        super().__init__(**kwargs)
        self.history: list[tuple[Game, Line]] = []    # what undo goes back to: a game and its whole line
        self.recorded = Line()                         # every answer given or loaded, reached or not
        self._showing = True                           # the model sets its own scenario: no check twice
        self._started: Game | None = None              # the game a scenario set from outside started
        self.scenario = scenario
        self._showing = False
        self._start(answers)

    @traitlets.validate("scenario")
    def _check_scenario(self, proposal):
        """A scenario set from outside (``model.scenario = …``) is checked like a file and must
        start; if not, it is refused (a ``TraitError``, the reason in ``error``) and the explorer
        keeps the scenario and game it had."""
        value = proposal["value"]
        if self._showing:
            return value
        try:
            game = Game.start(value)
        except RulekitError as e:
            self.error = f"the scenario was not set: {e}"
            raise traitlets.TraitError(self.error) from None
        except Exception as e:  # noqa: BLE001 - a refused scenario must never leave the explorer broken
            self.error = f"the scenario was not set (this is a bug in rulekit: {type(e).__name__}: {e})"
            raise traitlets.TraitError(self.error) from None
        self._started = game
        return game.scenario

    @traitlets.observe("scenario")
    def _scenario_set(self, change) -> None:
        """A scenario set from outside starts afresh: its game, no recorded answers, no undo."""
        game, self._started = self._started, None
        if self._showing or game is None:
            return
        self.history = []
        self.recorded = Line()
        self.error = ""
        self._show(game)
        self._note(game)

    # -- reading ------------------------------------------------------------------------------
    @property
    def steps(self) -> tuple[Step, ...]:
        return self.game.timeline

    @property
    def step(self) -> Step:
        steps = self.steps
        return steps[min(self.cursor, len(steps) - 1)]

    # -- driving ------------------------------------------------------------------------------
    def _start(self, answers=None) -> None:
        game = Game.start(self.scenario, answers)
        self.history = []
        self.recorded = _as_line(answers)
        self._show(game)
        self._note(game)

    def _note(self, game: Game) -> None:
        notes = []
        if game.unapplied:
            n = len(game.unapplied)
            notes.append(f"{n} recorded answer{'s' if n > 1 else ''} did not apply on this board: "
                         + "; ".join(f"{u.key} → {u.option} ({u.why})" for u in game.unapplied))
        if game.waiting_answers:
            n = len(game.waiting_answers)
            notes.append(f"{n} recorded answer{'s' if n > 1 else ''} not applied yet: "
                         f"{'their decisions have' if n > 1 else 'its decision has'} not come up on this board "
                         f"({'they apply if they do' if n > 1 else 'it applies if it does'}): "
                         + "; ".join(f"{k} → {o}" for k, o in game.waiting_answers))
        self.message = " · ".join(notes)

    def _show(self, game: Game) -> None:
        showing, self._showing = self._showing, True
        try:
            with self.hold_trait_notifications():      # views see the new scenario, game and last step together
                if self.scenario is not game.scenario:
                    self.scenario = game.scenario
                self.game = game
                self.cursor = len(game.timeline) - 1
        finally:
            self._showing = showing

    def _whole_line(self) -> Line:
        """The line of play to replay: every recorded answer (those not reached yet and those
        that did not apply on this board too), with the answers of the game shown on top."""
        line = self.recorded
        kept = [(u.key, u.option) for u in self.game.unapplied] + list(self.game.waiting_answers)
        for key, option in kept + self.game.line.items():
            line = line.with_answer(key, option)
        return line

    def answer(self, option_id: str) -> bool:
        """Answer the pending decision; on an illegal answer keep the game and say why."""
        decision = self.game.decision
        try:
            game = self.game.answer(option_id)
        except IllegalAnswer as e:
            self.message = str(e)
            return False
        self.history.append((self.game, self.recorded))
        if decision is not None and decision.key in self.recorded.answers:   # answered anew, maybe with the default
            self.recorded = Line(self.recorded.answers.delete(decision.key))
        self.message = ""
        self.error = ""
        self._show(game)
        return True

    def undo(self) -> None:
        """Go back one answer, one "play the defaults", or one board edit."""
        if self.history:
            game, self.recorded = self.history.pop()
            self._show(game)
            self.message = ""
            self.error = ""

    def play_defaults(self) -> None:
        if self.game.decision is not None:
            self.history.append((self.game, self.recorded))
            self._show(self.game.play_defaults())

    def reset(self) -> None:
        self.error = ""
        self._start()

    def load(self, answers) -> None:
        """Start again and replay ``answers`` (a :class:`rulekit.Line`, such as an explored
        outcome's example line); undo returns to the game shown before."""
        before = (self.game, self.recorded)
        self.error = ""
        self._start(answers)
        self.history = [before]

    def _replay(self, scenario: Scenario, what: str) -> bool:
        """Play the whole line on an edited scenario; if that fails for any reason, keep the last
        good scenario and game and say why in ``error``."""
        try:
            game = Game.start(scenario, self._whole_line())
        except RulekitError as e:
            self.error = f"{what} was not applied: {e}"
            return False
        except Exception as e:  # noqa: BLE001 - a failed edit must never leave the explorer broken
            self.error = f"{what} was not applied (this is a bug in rulekit: {type(e).__name__}: {e})"
            return False
        self.history.append((self.game, self.recorded))
        self.error = ""
        self._show(game)
        self._note(game)
        return True

    def _edited(self, card_id, change) -> "Scenario | None":
        if not card_id:
            self.error = "choose a card first: no card is selected"
            return None
        if not any(c.id == card_id for c in self.scenario.cards):
            self.error = f"there is no card {card_id!r} on this board"
            return None
        try:
            return change()
        except (TypeError, ValueError) as e:
            self.error = f"the edit was not applied: {e}"
            return None

    def edit_card(self, card_id: str, **changes) -> bool:
        """Change a card on the board (zone, controller, kneeling, …) and replay the whole line
        of play. Returns whether the edit was applied; if not, ``error`` says why and nothing
        changed."""
        scenario = self._edited(card_id, lambda: replace(self.scenario, cards=tuple(
            replace(c, **changes) if c.id == card_id else c for c in self.scenario.cards)))
        return scenario is not None and self._replay(scenario, f"the edit of {card_id!r}")

    def set_text(self, card_id: str, text: str) -> bool:
        """Give a card of the board the abilities (and keyword fields) its printed ``text`` reads as
        (rule ``rulekit.card-text``), in place of its own, and replay. Returns whether it was applied;
        if not (a phrase not read, a board the new abilities break), ``error`` says why and nothing
        changed."""
        from rulekit.core.cardtext import CardTextError, given, read_card
        from rulekit.rulesets import get

        def change():
            card = self.scenario.card(card_id)
            try:
                read = read_card(get(self.scenario.ruleset), text, card.title)
            except CardTextError as e:
                raise ValueError(f"{card.title}'s text: {e}") from None
            new = given(card, read)
            return replace(self.scenario, cards=tuple(new if c.id == card_id else c for c in self.scenario.cards))
        scenario = self._edited(card_id, change)
        return scenario is not None and self._replay(scenario, f"the text of {card_id!r}")

    def add_card(self, card) -> bool:
        """Put a new card (a :class:`~rulekit.core.model.Card`) on the board, listed last, and replay;
        refused, with the reason in ``error``, when the board with it is not a valid scenario."""
        if any(c.id == card.id for c in self.scenario.cards):
            self.error = f"there is already a card {card.id!r} on this board"
            return False
        scenario = replace(self.scenario, cards=self.scenario.cards + (card,))
        return self._replay(scenario, f"adding {card.title}")

    def remove_card(self, card_id: str) -> bool:
        """Take a card off the board and replay (refused, with the reason, if the script needs it)."""
        scenario = self._edited(card_id, lambda: replace(self.scenario, cards=tuple(
            c for c in self.scenario.cards if c.id != card_id)))
        return scenario is not None and self._replay(scenario, f"removing {card_id!r}")


def _as_line(answers) -> Line:
    if answers is None:
        return Line()
    if isinstance(answers, Line):
        return answers
    line = Line()
    for key, option in dict(answers).items():
        line = line.with_answer(key, option)
    return line
