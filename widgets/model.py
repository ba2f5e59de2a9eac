"""The one model every widget observes: a scenario, its game, and a cursor on the timeline.

Widgets never touch the engine directly: they set traits here or call these methods, and
redraw when ``game`` or ``cursor`` changes. Editing the board replays the recorded line of
play on the edited scenario (answers survive edits; the ones that no longer apply are kept in
``unapplied`` for the reader to see).
"""
from __future__ import annotations

from dataclasses import replace

import traitlets

from rulekit import Game, IllegalAnswer, Scenario
from rulekit.timeline import Step


class GameModel(traitlets.HasTraits):
    scenario = traitlets.Instance(Scenario)
    game = traitlets.Instance(Game)
    cursor = traitlets.Int(0)
    message = traitlets.Unicode("")

    def __init__(self, scenario: Scenario, answers=None, **kwargs):
        super().__init__(**kwargs)
        self.history: list[Game] = []
        self.scenario = scenario
        self._start(answers)

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
        self._show(game)
        notes = []
        if game.unapplied:
            notes.append("answers that no longer apply: " + "; ".join(f"{u.key} → {u.option} ({u.why})"
                                                                       for u in game.unapplied))
        if game.waiting_answers:
            notes.append("recorded answers not applied yet (they apply if their decision comes up): "
                         + "; ".join(f"{k} → {o}" for k, o in game.waiting_answers))
        self.message = " · ".join(notes)

    def _show(self, game: Game) -> None:
        with self.hold_trait_notifications():      # views see the new game and its last step together
            self.game = game
            self.cursor = len(game.timeline) - 1

    def answer(self, option_id: str) -> bool:
        """Answer the pending decision; on an illegal answer keep the game and say why."""
        try:
            game = self.game.answer(option_id)
        except IllegalAnswer as e:
            self.message = str(e)
            return False
        self.history.append(self.game)
        self.message = ""
        self._show(game)
        return True

    def undo(self) -> None:
        if self.history:
            self._show(self.history.pop())
            self.message = ""

    def play_defaults(self) -> None:
        if self.game.decision is not None:
            self.history.append(self.game)
            self._show(self.game.play_defaults())

    def reset(self) -> None:
        self._start()

    def edit_card(self, card_id: str, **changes) -> None:
        """Change a card on the board (zone, controller, kneeling, …) and replay the line of play."""
        cards = tuple(replace(c, **changes) if c.id == card_id else c for c in self.scenario.cards)
        line = self.game.line
        self.scenario = replace(self.scenario, cards=cards)
        self._start(line)
