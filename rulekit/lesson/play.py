"""A played game as a lesson shows it: a short trace with cards and abilities by name, and the
questions a prediction can ask of it (where a card is, who drew, what was used, in what order)."""
from __future__ import annotations

from html import escape

from rulekit.core import ids
from rulekit.core.errors import RulekitError
from rulekit.core.game import Game
from rulekit.core.text import Namer
from rulekit.lesson.names import _position, _without_position
from rulekit.views.faces import _Shown

_QUIET = {"window-empty", "no-forced", "initiation", "instruction", "resolved", "rb-chain-empty"}
_NESTED_QUIET = _QUIET | {"imminent", "occurs", "initiates", "rb-triggers", "rb-priority", "rb-finalized"}


def _auto_pass(step) -> bool:
    return step.what in ("pass", "rb-pass") and bool(dict(step.args).get("auto"))


class Play(_Shown):
    """A played game shown as a short trace, cards and abilities by name, with questions a
    prediction can ask of it (:meth:`zone`, :meth:`drew`, :meth:`used`…). ``lesson`` is the
    :class:`~rulekit.lesson.Lesson` that played it."""

    def __init__(self, lesson, game: Game):
        self.lesson, self.game = lesson, game
        self.timeline = game.timeline
        self.names = Namer((game.timeline[0].state, game.state), lesson.scenario)

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
                use = ids.parse_use(ref)
                if use is not None and use.card == card_id and (ability is None or use.ability == ability):
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
            use = ids.parse_use(ref)
            card = self.names.card(use.obj if use is not None else ref)
            out.append(card.title if card is not None else self.names.words(ref))
        return out

    # -- the trace -------------------------------------------------------------------------------
    def line(self, step) -> str:
        """One step in words: ``"#5 · step 4, interrupt window — …"``."""
        position = _position(step)
        text = _without_position(self.names.words(step.describe()))
        if step.decision is not None:       # a decision: say whose choice it was, or that nobody chose
            if step.decision.by_chance:     # the game answered it, not a player (rule rulekit.chance)
                whose = "chance: the first outcome, by default" if step.answered_by == "default" else "chance"
            else:
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
