"""A prediction the reader answers: pick a choice, check it, and be told right or wrong, and why.

:class:`Quiz` shows a :class:`~rulekit.views.faces.Prediction` (made by ``lesson.predict`` or a
``lesson.ask_…`` question): its choices and its right answer are the engine's, computed from the
board as it stands, and the feedback is the engine's why with the rules it applies. :meth:`Quiz.on`
asks the same question of a changed board (a lesson's variant), choices and answer recomputed.
Like every view here, it can be driven without a browser (:meth:`Quiz.pick`, :meth:`Quiz.check`).

Where the widgets cannot render — a saved notebook read without a kernel, the documentation site —
the quiz shows the question with its answer folded in a ``<details>`` element (``text/html``) and a
deterministic plain text, which is what nbval compares.
"""
from __future__ import annotations

import html

import ipywidgets as w

from rulekit.views.faces import Prediction


class Quiz:
    """A lesson's question the reader answers: pick a choice (or several), click *Check*, and be told
    right or wrong with the engine's answer, its why and the rules cited. The choices and the answer
    are the :class:`~rulekit.views.faces.Prediction`'s, computed from the board; :meth:`on` asks the
    same question of a changed board. Without a kernel it shows the question, its answer folded."""

    def __init__(self, prediction: Prediction):
        self.question = w.HTML()
        self.single = w.RadioButtons(options=[], layout=w.Layout(width="auto"))
        self.several = w.VBox()
        self.check_button = w.Button(description="Check", button_style="primary")
        self.feedback = w.HTML()
        for widget, cls in ((self.question, "rk-quiz-question"), (self.single, "rk-quiz-choices"),
                            (self.several, "rk-quiz-choices"), (self.check_button, "rk-quiz-check"),
                            (self.feedback, "rk-quiz-feedback")):
            widget.add_class(cls)
        self.check_button.on_click(lambda _: self.check())
        self.widget = w.VBox([self.question, self.single, self.several, self.check_button, self.feedback])
        self.widget.add_class("rk-quiz")
        self.right: bool | None = None
        self.show(prediction)

    # -- the question ------------------------------------------------------------------------------
    def show(self, prediction: Prediction) -> None:
        """Ask ``prediction``: its choices, nothing picked, no feedback yet."""
        self.prediction, self.right = prediction, None
        how = " <i>(pick every one that applies)</i>" if prediction.multiple else ""
        self.question.value = f"<b>Predict:</b> {html.escape(prediction.question)}{how}"
        labels = [(f"{key}) {text}", key) for key, text in prediction.choices.items()]
        if prediction.multiple:
            self.several.children = [w.Checkbox(value=False, description=label, indent=False,
                                                layout=w.Layout(width="auto")) for label, _ in labels]
            self.single.options, self.single.layout.display = [], "none"
            self.several.layout.display = None
        else:
            self.single.options = labels
            self.single.value = None
            self.single.layout.display, self.several.layout.display = None, "none"
            self.several.children = []
        self.feedback.value = ""

    def on(self, lesson) -> "Quiz":
        """The same question asked of ``lesson``'s board, as a new quiz (this one keeps its board)."""
        return Quiz(self.prediction.on(lesson))

    # -- answering ---------------------------------------------------------------------------------
    @property
    def picked(self) -> tuple[str, ...]:
        """The keys the reader has picked."""
        if self.prediction.multiple:
            keys = list(self.prediction.choices)
            return tuple(keys[i] for i, box in enumerate(self.several.children) if box.value)
        return () if self.single.value is None else (self.single.value,)

    def pick(self, *keys: str) -> None:
        """Pick these choices (what clicking them does); an unknown key names the choices."""
        unknown = [k for k in keys if k not in self.prediction.choices]
        if unknown:
            raise KeyError(f"{unknown[0]!r} is not a choice; the choices are {', '.join(self.prediction.choices)}")
        if self.prediction.multiple:
            for key, box in zip(self.prediction.choices, self.several.children):
                box.value = key in keys
        elif len(keys) != 1:
            raise ValueError(f"pick one choice of {', '.join(self.prediction.choices)}")
        else:
            self.single.value = keys[0]

    def check(self) -> bool | None:
        """Judge what is picked: right or wrong, with the engine's answer and why. ``None`` (and a
        prompt to pick) when nothing is picked."""
        picked = self.picked
        if not picked:
            self.right = None
            self.feedback.value = "<p>Pick a choice first.</p>"
            return None
        p = self.prediction
        self.right = p.judge(picked)
        head = ("<p style='color:#1b5e20'><b>Right.</b> " if self.right
                else "<p style='color:#b71c1c'><b>Not quite.</b> ")
        head += f"The engine's answer: {html.escape(p.answer_words())}.</p>"
        why = "".join(f"<li>{html.escape(line)}</li>" for line in p.why)
        rules = "".join(f"<div style='color:#555;font-size:0.9em'>Rule: {html.escape(line)}</div>" for line in p.cited())
        self.feedback.value = head + (f"<b>Why</b><ul>{why}</ul>" if why else "") + rules
        return self.right

    @property
    def feedback_text(self) -> str:
        """The feedback as plain text (empty before a check)."""
        if self.right is None:
            return ""
        p = self.prediction
        lines = [("Right. " if self.right else "Not quite. ") + f"The engine's answer: {p.answer_words()}."]
        return "\n".join(lines + [f"  - {line}" for line in p.why] + [f"Rule: {line}" for line in p.cited()])

    # -- showing -----------------------------------------------------------------------------------
    def _repr_mimebundle_(self, include=None, exclude=None):
        """The widget, with the question and its folded answer for where it cannot render."""
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        bundle["text/plain"] = repr(self.prediction)
        bundle["text/html"] = self.prediction._repr_html_()
        return bundle


def quiz(prediction: Prediction) -> Quiz:
    """A quiz of a lesson's prediction: ``quiz(lesson.predict(…))`` or ``quiz(lesson.ask_draws("P1"))``."""
    if not isinstance(prediction, Prediction):
        raise TypeError(f"a quiz asks a lesson's prediction (lesson.predict(...) or lesson.ask_...(...)), "
                        f"not {type(prediction).__name__}")
    return Quiz(prediction)
