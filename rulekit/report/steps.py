"""What the ruling page says of each step of a played game: its line in words, the rule it
applies, the board after it, its drawing (as SVG text) and, for every ability of every card,
why it could or could not be used there ("why not?"). Cards and abilities are named, never
given by engine id: by the names the lesson's :class:`~rulekit.lesson.play.Play` gives them."""
from __future__ import annotations

import io
from dataclasses import dataclass

from rulekit.core import ids
from rulekit.core.errors import RulekitError
from rulekit.core.explain import explain
from rulekit.core.text import ability_words
from rulekit.core.verdicts import reason
from rulekit.lesson.play import Play
from rulekit.views.faces import Board

#: the note of an ability no triggering condition asked about at a step: said once for all of them
NOT_ASKED = "no triggering condition was being resolved at this step"
#: the same at a step where the game, not a player, answered a decision (its line says what it chose)
BY_CHANCE = ("chance: the game, not a player, chose the outcome at this step (rule rulekit.chance); " + NOT_ASKED)


@dataclass(frozen=True, slots=True)
class WhyNot:
    """One ability at one step: its name, what it does, whether it could be used and the reasons
    (one per triggering condition judged), or the one note that it was not judged there."""

    name: str
    does: str
    usable: bool | None          # None: the step judged nothing it could be used for
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StepView:
    """One step as the page shows it. ``board`` is the board's HTML after the step (card faces)."""

    number: int
    line: str
    rule: str                    # the rule id the step applies
    ruling: str                  # "name=option" when a ruling decided the step, else ""
    board: str
    drawing: str                 # an <svg> element, or "" when no drawing was asked for
    why: tuple[WhyNot, ...]


def _abilities(step, last) -> list[tuple[str, object]]:
    """(card id, ability) for every ability of every card at ``step``, and those granted later."""
    state, end = step.before, last.state
    out = []
    for cid in state.order:
        card = state.cards[cid]
        having = {a.id for a in card.abilities}
        out += [(cid, a) for a in card.abilities]
        later = end.cards.get(cid)
        if later is not None:
            out += [(cid, a) for a in later.abilities if a.id not in having]
    return out


def why_not(play: Play, step) -> tuple[WhyNot, ...]:
    """Every ability of every card at ``step``, explained by :func:`rulekit.core.explain.explain`."""
    names, last = play.names, play.game.last_step
    out = []
    for cid, ability in _abilities(step, last):
        try:
            e = explain(step, cid, ability.id, later=last)
        except RulekitError:         # an ability granted later that the step cannot judge yet
            continue
        name = names.token(ids.ability_ref(cid, ability.id)) or step.before.cards[cid].title
        does = ability_words(ability)
        if not e.verdicts:
            chance = step.decision is not None and step.decision.by_chance
            out.append(WhyNot(name, does, None, (BY_CHANCE if chance else names.words(e.note),)))
            continue
        reasons = tuple(names.words(f"for {label}: {reason(v)}") for v, label in zip(e.verdicts, e.conditions))
        out.append(WhyNot(name, does, bool(e.usable), reasons))
    return tuple(out)


def board_html(step, title: str) -> str:
    """The cards after ``step``, as card faces by player and zone (:class:`rulekit.views.faces.Board`);
    the same board after two steps is the same text (the page keeps it once)."""
    state = step.state
    return Board(title, state.ruleset, state.players, [state.cards[i] for i in state.order], state.rules.deck,
                 "as set up" if step.parent is None else "after this step")._html()


def drawings(view: str, steps, prefix: str = "rk") -> list[str]:
    """Each step's drawing of kind ``view`` (:data:`rulekit.views.draw.VIEWS`) as an ``<svg>``
    element: its text kept as text (small, and a name stays a name), no date, no random ids, its
    ids starting with ``prefix`` and the step's number (unique in a page that draws two games)."""
    import matplotlib
    from matplotlib.transforms import Bbox
    from rulekit.views.draw import make_view
    drawn = make_view(view, steps[0].state.ruleset, steps)
    width, height = drawn.size
    out = []
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "rulekit-report", "svg.id": None}):
        for n, step in enumerate(steps):
            drawn.update(step, steps)
            buffer = io.StringIO()
            used = min(height, max(drawn.used, 0.5))
            drawn.figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None},
                                 bbox_inches=Bbox(((0, height - used), (width, height))))
            out.append(_inline(buffer.getvalue(), f"{prefix}{n}-", f"the {view} view of #{n}"))
    return out


def _inline(svg: str, prefix: str, label: str) -> str:
    """matplotlib's SVG document as an element of an HTML page: no XML prolog or doctype, no
    metadata, its ids (and the references to them) made unique in the page with ``prefix``, its
    layout whitespace folded. Its text is XML-escaped by matplotlib, so ``id="`` and ``#`` inside
    attribute values are matplotlib's own."""
    svg = svg[svg.index("<svg"):]
    start, end = svg.find("<metadata>"), svg.find("</metadata>")
    if 0 <= start < end:
        svg = svg[:start] + svg[end + len("</metadata>"):]
    svg = (svg.replace(' id="', f' id="{prefix}').replace("url(#", f"url(#{prefix}")
              .replace('href="#', f'href="#{prefix}').replace("\n", " "))
    while "  " in svg:
        svg = svg.replace("  ", " ")
    return svg.replace("<svg ", f"<svg class='rk-svg' role='img' aria-label='{label}' ", 1).strip()


def step_views(play: Play, title: str, view: str | None, prefix: str = "rk") -> list[StepView]:
    """Every step of the played game, as the page shows it (``prefix`` begins its drawings' ids)."""
    steps = play.timeline
    pictures = drawings(view, steps, prefix) if view else [""] * len(steps)
    return [StepView(step.number, play.line(step), step.rule, step.args_dict().get("ruling", ""),
                     board_html(step, title), picture, why_not(play, step))
            for step, picture in zip(steps, pictures)]
