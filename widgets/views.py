"""The widgets: thin views of a :class:`~rulekit_widgets.model.GameModel`.

Each view builds its ipywidgets once, observes ``model.game`` and ``model.cursor``, and
refreshes its values in place. Every widget carries a CSS class (``rk-…``) for browser tests.
"""
from __future__ import annotations

import html

import ipywidgets as w

from rulekit import RULES, Line, explain
from rulekit.core import ids
from rulekit.files.scenario_files import load_scenario
from rulekit.core.text import ability_words, heading, names, without_position
from rulekit.views.faces import Board
from rulekit.views.trace import verdict_lines

from rulekit_widgets.cardtext import CardTextPanel
from rulekit_widgets.model import GameModel
from rulekit_widgets.report import ReportSaver


class _View:
    def __init__(self, model: GameModel):
        self.model = model
        model.observe(lambda change: self.refresh(), names=["game", "cursor", "message"])


class TimelineControls(_View):
    """A slider over the timeline, with previous/next buttons."""

    def __init__(self, model: GameModel):
        self.slider = w.IntSlider(min=0, max=0, description="step", continuous_update=False,
                                  layout=w.Layout(width="60%"))
        self.prev = w.Button(description="◀", layout=w.Layout(width="3em"), tooltip="previous step")
        self.next = w.Button(description="▶", layout=w.Layout(width="3em"), tooltip="next step")
        self.branch = w.Button(description="branch here", tooltip="answer this step's decision again, "
                               "differently, and go on from there")
        self.where = w.HTML()                       # "#5 · step 4, interrupt window"
        self.slider.add_class("rk-timeline")
        self.branch.add_class("rk-branch")
        self.where.add_class("rk-where")
        self.slider.observe(self._moved, names="value")
        self.prev.on_click(lambda _: self._step(-1))
        self.next.on_click(lambda _: self._step(+1))
        self.branch.on_click(lambda _: self.branch_here())
        self.widget = w.VBox([w.HBox([self.prev, self.slider, self.next, self.branch]), self.where])
        super().__init__(model)
        self.refresh()

    def _moved(self, change) -> None:
        if change["new"] != self.model.cursor:
            self.model.cursor = change["new"]

    def _step(self, delta: int) -> None:
        self.model.cursor = max(0, min(len(self.model.steps) - 1, self.model.cursor + delta))

    def branch_here(self) -> bool:
        """Go back to the decision answered at the cursor (or the first one after it) and leave it
        open, with every answer before it kept: change an earlier answer and continue from there."""
        steps = self.model.steps
        at = next((s for s in steps[self.model.cursor:] if s.decision is not None), None)
        if at is None:
            self.model.message = "no decision was answered at or after this step: there is nothing to branch from"
            return False
        line = Line()
        for s in steps[:at.number]:
            if s.decision is not None and s.answer is not None:
                line = line.with_answer(s.decision.key, s.answer)
        self.model.load(line)
        return True

    def refresh(self) -> None:
        with self.slider.hold_sync():              # one message: the browser never sees a value past max
            self.slider.max = len(self.model.steps) - 1
            self.slider.value = self.model.cursor
        self.where.value = f"<b>{html.escape(heading(self.model.step))}</b>"
        self.branch.disabled = not any(s.decision is not None for s in self.model.steps[self.model.cursor:])


class StepLog(_View):
    """The step at the cursor: its line, the rule it applies (quoted, with its source), and
    the verdicts of the abilities it considered."""

    def __init__(self, model: GameModel):
        self.widget = w.HTML()
        self.widget.add_class("rk-log")
        super().__init__(model)
        self.refresh()

    def refresh(self) -> None:
        step = self.model.step
        rule = RULES.get(step.rule)
        state = step.state if step.what != "use" else step.before
        parts = [f"<b>{html.escape(heading(step))}</b> — {html.escape(names(without_position(step.describe()), state))}"]
        if rule is not None:
            parts.append(f"<blockquote>{html.escape(rule.text)}<br><i>{html.escape(rule.cited)}</i></blockquote>")
        if step.verdicts:
            items = "".join(f"<li>{html.escape(names(line.strip(), step.before))}</li>" for line in verdict_lines(step))
            parts.append(f"<ul>{items}</ul>")
        if self.model.message:
            parts.append(f"<p class='rk-message' style='color:#8a4b00'>{html.escape(names(self.model.message, state))}</p>")
        self.widget.value = "".join(parts)


class DecisionPicker(_View):
    """The pending decision, one button per legal option, plus undo and "play the defaults"."""

    def __init__(self, model: GameModel):
        self.prompt = w.HTML()
        self.buttons = w.VBox()
        self.undo = w.Button(description="undo", icon="undo")
        self.defaults = w.Button(description="play the defaults")
        self.undo.on_click(lambda _: model.undo())
        self.defaults.on_click(lambda _: model.play_defaults())
        self.widget = w.VBox([self.prompt, self.buttons, w.HBox([self.undo, self.defaults])])
        self.widget.add_class("rk-decision")
        super().__init__(model)
        self.refresh()

    def choose(self, option_id: str) -> bool:
        return self.model.answer(option_id)

    def refresh(self) -> None:
        decision = self.model.game.decision
        if decision is None:
            self.prompt.value = "<i>The script is over: no decision is pending.</i>"
            self.buttons.children = ()
            self.defaults.disabled = True
        else:
            state = self.model.game.state
            self.prompt.value = (f"<b>{html.escape(names(decision.prompt, state))}</b> "
                                 f"<small>({html.escape(heading(self.model.game.last_step))})</small>")
            buttons = []
            for option in decision.options:
                label = names(option.label, state)
                b = w.Button(description=label, tooltip=option.id, layout=w.Layout(width="auto"))   # names whole
                b.add_class("rk-option")
                b.on_click(lambda _, oid=option.id: self.choose(oid))
                buttons.append(b)
            self.buttons.children = tuple(buttons)
            self.defaults.disabled = False
        self.undo.disabled = not self.model.history


class WhyNotPanel(_View):
    """"Why did (or didn't) this ability trigger at this step?" for any ability of any card."""

    def __init__(self, model: GameModel):
        self.choice = w.Dropdown(description="ability", layout=w.Layout(width="100%", margin="2px 0"))  # names whole
        self.answer_html = w.HTML()
        self.choice.observe(lambda _: self.refresh(), names="value")
        self.widget = w.VBox([self.choice, self.answer_html])
        self.widget.add_class("rk-why")
        super().__init__(model)
        self.refresh()

    def refresh(self) -> None:
        state = self.model.step.before
        options = [(f"{state.cards[cid].title} — {a.timing.value}: {ability_words(a)}", ids.ability_ref(cid, a.id))
                   for cid in state.order for a in state.cards[cid].abilities]
        if [o[1] for o in self.choice.options] != [o[1] for o in options]:
            keep = self.choice.value
            self.choice.options = options
            values = [o[1] for o in options]
            if values:
                self.choice.value = keep if keep in values else values[0]   # observed: refreshes again
                return
        if not self.choice.value:
            self.answer_html.value = "<i>No ability to explain.</i>"
            return
        chosen = ids.parse_use(self.choice.value)
        card, ability = (chosen.card, chosen.ability) if chosen is not None else (self.choice.value, "")
        explanation = explain(self.model.step, card, ability, later=self.model.game.last_step)
        self.answer_html.value = "<br>".join(html.escape(names(line, state))
                                             for line in str(explanation).splitlines())


class BoardEditor(_View):
    """The board as set up, its cards shown as faces beside the controls that change where a card
    is, who controls it, or whether it kneels; the line of play is replayed."""

    def __init__(self, model: GameModel):
        self.card = w.Dropdown(description="card", layout=w.Layout(width="26em"))   # a card's whole label
        self.zone = w.Dropdown(description="zone")
        self.controller = w.Dropdown(description="controller")
        self.kneeling = w.Checkbox(description="kneeling / exhausted")
        self.apply = w.Button(description="apply and replay", button_style="warning")
        self.remove = w.Button(description="remove the card", tooltip="take the card off the board and replay")
        self.status = w.HTML()                      # why the last edit was refused, next to the controls
        self.status.add_class("rk-board-status")
        self.apply.on_click(lambda _: self.submit())
        self.remove.on_click(lambda _: self.take_off())
        self.card.observe(lambda _: self._load(), names="value")
        self.faces = w.HTML(layout=w.Layout(flex="1 1 0", min_width="0", margin="0 0 0 1em"))   # wraps in what is left
        self.faces.add_class("rk-board-faces")
        controls = w.VBox([self.card, self.zone, self.controller, self.kneeling,
                           w.HBox([self.apply, self.remove]), self.status], layout=w.Layout(flex="0 0 auto"))
        self.widget = w.HBox([controls, self.faces], layout=w.Layout(width="100%"))
        self.widget.add_class("rk-board")
        super().__init__(model)
        model.observe(lambda change: self._show_error(), names=["error"])
        self.refresh()

    def refresh(self) -> None:
        scenario = self.model.scenario
        ids = [(f"{c.title} — {c.owner}'s, {c.zone}", c.id) for c in scenario.cards]
        if [o[1] for o in self.card.options] != [o[1] for o in ids]:
            self.card.options = ids
        from rulekit.rulesets import get
        self.zone.options = get(scenario.ruleset).zones
        self.controller.options = scenario.players
        if self.card.value is None and ids:         # start with a card chosen: the first on the board
            in_play = get(scenario.ruleset).in_play
            self.card.value = next((c.id for c in scenario.cards if c.zone in in_play), ids[0][1])
        rules = get(scenario.ruleset)
        self.faces.value = Board(scenario.title, scenario.ruleset, scenario.players, scenario.cards, rules.deck,
                                 "as set up: the cards the controls change")._repr_html_()
        self._load()

    def _load(self) -> None:
        if not self.card.value or not any(c.id == self.card.value for c in self.model.scenario.cards):
            return
        card = self.model.scenario.card(self.card.value)
        self.zone.value, self.controller.value, self.kneeling.value = card.zone, card.controller, card.kneeling

    def _show_error(self) -> None:
        error = self.model.error
        self.status.value = f"<span style='color:#b00'>{html.escape(error)}</span>" if error else ""
        if error:
            self._load()                            # the controls show the board the model kept

    def submit(self) -> bool:
        """Apply the chosen zone, controller and posture to the chosen card and replay; refused,
        with the reason shown next to the controls, when nothing is chosen or the edit fails."""
        if not self.card.value or self.zone.value is None or self.controller.value is None:
            self.model.error = "choose a card (and its zone and controller) before applying"
            return False
        card = next((c for c in self.model.scenario.cards if c.id == self.card.value), None)
        if card is not None and (card.zone, card.controller, card.kneeling) == (
                self.zone.value, self.controller.value, self.kneeling.value):
            self.model.error = (f"nothing to apply: {card.title} is already in the {card.zone}, controlled by "
                                f"{card.controller}{', kneeling' if card.kneeling else ''}; change something first")
            return False
        return self.model.edit_card(self.card.value, zone=self.zone.value, controller=self.controller.value,
                                    kneeling=self.kneeling.value)

    def take_off(self) -> bool:
        if not self.card.value:
            self.model.error = "choose the card to remove first"
            return False
        return self.model.remove_card(self.card.value)


class DrawingView(_View):
    """A matplotlib view of the step at the cursor, shown as a PNG image.

    One view object per kind is kept alive and updated in place; only the kind shown is redrawn,
    only when the game or the cursor moves (not when a message changes), and not at all while the
    drawing is hidden (``active`` false): it catches up when shown."""

    def __init__(self, model: GameModel, view: str = "sequence"):
        from rulekit.views.draw import VIEWS
        self.model = model
        self.views: dict = {}
        self.active, self.stale = True, False
        self.which = w.ToggleButtons(options=list(VIEWS), value=view)
        self.which.add_class("rk-views")
        self.image = w.Image(format="png")
        self.image.add_class("rk-image")
        self.which.observe(lambda _: self.refresh(), names="value")
        self.widget = w.VBox([self.which, self.image])
        self.widget.add_class("rk-drawing")
        model.observe(lambda change: self.refresh(), names=["game", "cursor"])
        self.refresh()

    def show(self, active: bool) -> None:
        self.active = active
        if active and self.stale:
            self.refresh()

    def view(self):
        from rulekit.views.draw import make_view
        key = (self.which.value, self.model.scenario.ruleset)
        if key not in self.views:
            self.views[key] = make_view(self.which.value, self.model.scenario.ruleset)
        return self.views[key]

    def refresh(self) -> None:
        if not self.active:
            self.stale = True
            return
        self.stale = False
        view = self.view()
        view.update(self.model.step, self.model.steps)
        png = view.png()
        self.image.value = png
        self.image.width = str(int(view.size[0] * 100))   # shown at the size it is drawn: never stretched
        self.image.height = str(int(round(view.used * 100)))


class Explorer:
    """Everything together: the decision, the timeline, the log, a drawing, why-not and the board."""

    def __init__(self, model: GameModel):
        self.model = model
        self.decision = DecisionPicker(model)
        self.timeline = TimelineControls(model)
        self.log = StepLog(model)
        self.drawing = DrawingView(model)
        self.why = WhyNotPanel(model)
        self.board = BoardEditor(model)
        self.card_text = CardTextPanel(model)
        tabs = w.Tab(children=[self.drawing.widget, self.why.widget, self.board.widget, self.card_text.widget])
        for i, title in enumerate(("drawing", "why (not)?", "board", "card text")):
            tabs.set_title(i, title)
        tabs.observe(lambda change: self.drawing.show(change["new"] == 0), names="selected_index")
        tabs.add_class("rk-tabs")
        self.tabs = tabs
        self.saver = ReportSaver(model)
        self.widget = w.VBox([w.HTML(f"<h3>{html.escape(model.scenario.title)}</h3>"), self.decision.widget,
                              self.timeline.widget, self.log.widget, tabs, self.saver.widget])
        self.widget.add_class("rk-explorer")

    def save_page(self, path, *, force: bool = False):
        """Write the game shown as a ruling page (:func:`rulekit.report.write_ruling_page`, what
        ``rulekit report`` writes); an existing file is replaced only with ``force``. Returns the
        path written, or ``None`` with the reason in ``saver.status``."""
        return self.saver.save(str(path), force=force)

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The widgets, with a plain note for where they cannot render (a notebook not run yet,
        a page without the widget manager)."""
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        title = html.escape(self.model.scenario.title)
        bundle["text/plain"] = (f"rulekit explorer: {self.model.scenario.title}. Run this cell in Jupyter "
                                "(with ipywidgets) to answer decisions, move along the timeline, ask why and "
                                "edit the board.")
        bundle["text/html"] = (f"<p class='rk-note'><b>rulekit explorer: {title}</b>. Run this cell in "
                               "Jupyter (with ipywidgets) to answer decisions, move along the timeline, ask "
                               "why and edit the board.</p>")
        return bundle


def explorer(source, answers=None) -> Explorer:
    """An explorer for a scenario (a :class:`rulekit.Scenario` or a scenario file's path)."""
    if not hasattr(source, "cards"):
        loaded = load_scenario(source)
        source, answers = loaded.scenario, answers if answers is not None else loaded.answers
    return Explorer(GameModel(source, answers))
