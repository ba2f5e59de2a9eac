"""Saving the game the explorer shows as a ruling page (:mod:`rulekit.report`): the same page
``rulekit report`` writes, through the same function, so a line of play found by clicking can be
posted as it is."""
from __future__ import annotations

import html

import ipywidgets as w

from rulekit.core.errors import RulekitError

from rulekit_widgets.model import GameModel


class ReportSaver:
    """A file name, a "save the ruling page" button and what happened. An existing file is never
    replaced unless "replace" is ticked; the reason a file cannot be written is shown beside the button."""

    def __init__(self, model: GameModel):
        self.model = model
        self.path = w.Text(value="ruling.html", description="page", layout=w.Layout(width="40%"))
        self.force = w.Checkbox(value=False, description="replace an existing file", indent=False)
        self.button = w.Button(description="save the ruling page", icon="save",
                               tooltip="write this game, as shown, as one HTML page a judge can post")
        self.status = w.HTML()
        self.button.add_class("rk-save-page")
        self.status.add_class("rk-save-status")
        self.button.on_click(lambda _: self.save())
        self.widget = w.HBox([self.path, self.force, self.button, self.status])
        self.widget.add_class("rk-report")

    def save(self, path: str | None = None, *, force: bool | None = None):
        """Write the ruling page of the game shown to ``path`` (default: the file name typed);
        returns the path written, or ``None`` with the reason in ``status``."""
        from rulekit.report import write_ruling_page
        target = (path if path is not None else self.path.value).strip()
        if not target:
            self.status.value = "<span style='color:#b00'>type a file name for the page (ending in .html)</span>"
            return None
        self.status.value = "writing the page (each step is drawn)…"
        try:
            written = write_ruling_page(target, self.model.game, force=self.force.value if force is None else force,
                                        force_hint="tick \u201creplace an existing file\u201d")
        except (RulekitError, OSError) as e:
            self.status.value = f"<span style='color:#b00'>{html.escape(str(e))}</span>"
            return None
        self.status.value = f"wrote {html.escape(str(written))}"
        return written
