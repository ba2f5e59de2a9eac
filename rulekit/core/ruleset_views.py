"""What the drawings, graphs and diagrams ask a ruleset: the part of :class:`~rulekit.core.ruleset.Ruleset`
that answers from its ``views`` module, with neutral answers where the module has none."""
from __future__ import annotations

from rulekit.core.frozen import immutable
from typing import ClassVar


# -- what the views show -------------------------------------------------------------------------------------
@immutable
class WindowEntry:
    """An open window (or priority on a stack) as the drawings show it."""

    title: str
    status: str
    may_act: str
    player: str | None


@immutable
class StackEntry:
    """One entry of the last-in-first-out stack (an open sequence, a resolving ability, a Chain
    item) as the drawings show it."""

    id: str
    title: str
    detail: str
    pending: bool
    controller: str | None


@immutable
class SequenceMark:
    """Where the sequence diagram puts one step: its column (a flowchart node id of
    :meth:`Ruleset.sequence_columns`), the player whose lane it is in (``None``: the column
    itself) and its mark: ``"opportunity"``, ``"pass"``, ``"auto-pass"``, ``"use"``, ``"forced"``,
    ``"occurs"``, ``"cancel"``, ``"change"``, ``"save"``, ``"replace"``, ``"add"``,
    ``"resolve"``, ``"empty"`` (a step or window nobody could act in) or ``"step"``."""

    column: str | None
    player: str | None
    mark: str


MARKS = ("opportunity", "pass", "auto-pass", "use", "forced", "occurs", "cancel", "change", "save", "replace",
         "add", "resolve", "empty", "step")


class RulesetViews:
    """The view questions every ruleset answers (mixed into :class:`~rulekit.core.ruleset.Ruleset`)."""

    #: a module of view functions named like the methods below (``flow_node(step)``,
    #: ``window_entries(step)``, ``stack_entries(step)``, ``graph_sequences(g, step, add)``,
    #: ``graph_frames(g, step, add)``, ``sequence_columns()``, ``sequence_mark(step)``,
    #: ``sequence_nesting(step)``, ``position(step)``); where it lacks one, the default here applies
    views: ClassVar[object] = None

    def _view(self, name: str):
        return getattr(self.views, name, None) if self.views is not None else None

    def flow_node(self, step) -> str | None:
        """The flowchart node a step was taken at."""
        own = self._view("flow_node")
        return own(step) if own is not None else self.flow.node_of_code(step.what)

    def window_entries(self, step) -> list[WindowEntry]:
        """The open windows (or priority), outermost first; the drawings show the last."""
        own = self._view("window_entries")
        return own(step) if own is not None else []

    def position_rule(self, step) -> str:
        """The rule of the step of the rules ``step`` was taken at (A Game of Thrones: ``agot.tc.4``
        for every step taken in the interrupt window), else the step's own rule."""
        own = self._view("position_rule")
        return (own(step) if own is not None else None) or step.rule

    def position(self, step) -> str:
        """Where ``step`` stands in the rules, in their words (``"step 4, interrupt window"``):
        its flowchart node's label, else its rule's title, else ``""``."""
        own = self._view("position")
        said = own(step) if own is not None else None
        if said:
            return said
        node = self.flow_node(step)
        for n in self.flow.nodes:
            if n.id == node:
                return n.label
        from rulekit.core.rules import RULES
        rule = RULES.get(step.rule)
        return rule.title[:1].lower() + rule.title[1:] if rule is not None and rule.title else ""

    def sequence_columns(self) -> tuple[tuple[str, str], ...]:
        """The sequence diagram's columns, in order: (flowchart node id, short label)."""
        own = self._view("sequence_columns")
        if own is not None:
            return own()
        return tuple((n.id, n.label) for n in self.flow.nodes if n.kind in ("step", "stage"))

    def sequence_mark(self, step) -> SequenceMark:
        """Where the sequence diagram puts ``step`` (see :class:`SequenceMark`)."""
        own = self._view("sequence_mark")
        if own is not None:
            return own(step)
        a = step.args_dict()
        player = a.get("player") if isinstance(a.get("player"), str) else None
        if "pass" in step.what:
            mark = "auto-pass" if a.get("auto") else "pass"
        elif step.decision is not None and step.decision.by_chance:
            mark = "step"           # the game answered it (rule rulekit.chance): no player's mark
        elif step.decision is not None:
            player = step.decision.chooser
            mark = "pass" if step.answer == "pass" else "use"
        else:
            mark = "step"
        return SequenceMark(self.flow_node(step), player, mark)

    def sequence_nesting(self, step) -> tuple[tuple[str, str], ...]:
        """What ``step`` was taken inside, outermost first, as (stable id, label): the open
        sequences (or the items on a Chain). The diagram draws one band for each beyond the first."""
        own = self._view("sequence_nesting")
        if own is not None:
            return own(step)
        control = step.parent.control if step.parent is not None else ()
        return tuple((getattr(f, "id", str(i)), "a sequence") for i, f in enumerate(control) if f.is_sequence)

    def stack_entries(self, step) -> list[StackEntry]:
        own = self._view("stack_entries")
        return own(step) if own is not None else []

    def graph_sequences(self, g, step, add_condition) -> None:
        """Add this ruleset's open sequences (and their windows) to a state graph."""
        own = self._view("graph_sequences")
        if own is not None:
            own(g, step, add_condition)

    def graph_frames(self, g, step, add_condition) -> None:
        """Add this ruleset's other frames (resolving abilities, Chain items) to a state graph."""
        own = self._view("graph_frames")
        if own is not None:
            own(g, step, add_condition)

    def flow_path_scope(self, step, other) -> bool:
        """Whether step ``other`` belongs to the flowchart path drawn for ``step``."""
        return True

    def stack_kind(self) -> str:
        return "open sequences and resolving abilities (last in, first out)"

