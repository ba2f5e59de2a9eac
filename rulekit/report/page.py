"""The ruling page: one HTML file that holds everything it shows.

No server, no request outside the file: the styles and the one script are inline, each step's
drawing is an inline ``<svg>``, and a Content-Security-Policy in the page forbids every other
source (the script is allowed by its hash, so no other script — an injected one included — runs).
Every piece of text from a scenario goes through :func:`html.escape`.
"""
from __future__ import annotations

import base64
import hashlib
from html import escape

from rulekit.core.rules import RULES
from rulekit.lesson.lesson import Lesson
from rulekit.lesson.play import Play
from rulekit.report.steps import NOT_ASKED, StepView, WhyNot, step_views
from rulekit.views.faces import RuleCard

SCRIPT = """(function () {
  "use strict";
  var slider = document.getElementById("rk-slider");
  var at = document.getElementById("rk-at");
  var steps = Array.prototype.slice.call(document.querySelectorAll(".rk-step"));
  var lines = Array.prototype.slice.call(document.querySelectorAll(".rk-lines li"));
  function fill(panel) {
    panel.querySelectorAll(".rk-board-slot").forEach(function (slot) {
      if (!slot.firstElementChild) {
        var kept = document.getElementById("rk-board-" + slot.getAttribute("data-board"));
        slot.appendChild(kept.content.cloneNode(true));
      }
    });
  }
  function show(n) {
    n = Math.max(0, Math.min(steps.length - 1, parseInt(n, 10) || 0));
    slider.value = String(n);
    steps.forEach(function (s, i) { s.hidden = i !== n; });
    lines.forEach(function (l, i) { l.classList.toggle("rk-here", i === n); });
    var list = lines[n].parentNode;       // the step's line in view inside the list, the page left still
    list.scrollTop = lines[n].offsetTop - list.offsetTop - list.clientHeight / 3;
    fill(steps[n]);
    at.textContent = steps[n].getAttribute("data-label");
  }
  slider.addEventListener("input", function () { show(slider.value); });
  document.getElementById("rk-prev").addEventListener("click", function () { show(+slider.value - 1); });
  document.getElementById("rk-next").addEventListener("click", function () { show(+slider.value + 1); });
  lines.forEach(function (l, i) {
    l.querySelector("button").addEventListener("click", function () { show(i); slider.focus(); });
  });
  function asked() {                    // a link to one step: page.html#rk-step-12
    var m = /^#rk-step-(\\d+)$/.exec(window.location.hash);
    return m ? m[1] : null;
  }
  window.addEventListener("hashchange", function () { if (asked() !== null) { show(asked()); } });
  show(asked() || 0);
})();
"""

STYLE = """
body{font-family:sans-serif;margin:1em auto;max-width:78em;padding:0 1em;color:#222;background:#fff;line-height:1.4}
h1{font-size:1.5em;margin-bottom:0.2em} h2{border-bottom:1px solid #ccc;margin-top:1.4em}
.rk-meta{color:#555;font-size:0.9em}
.rk-controls{position:sticky;top:0;background:#fff;padding:0.5em 0;border-bottom:1px solid #ddd;z-index:1;
 display:flex;gap:0.6em;align-items:center}
#rk-slider{flex:1} #rk-at{font-weight:bold;min-width:6em}
.rk-lines{max-height:12em;position:relative;overflow:auto;font-family:monospace;font-size:0.85em;border:1px solid #ddd;
 padding:0.3em 0.3em 0.3em 0.5em;list-style:none;white-space:pre-wrap}
.rk-lines li.rk-here{background:#fff3bf} .rk-lines button{font-family:monospace;font-size:1em;cursor:pointer}
.rk-pair{display:flex;gap:1em;align-items:flex-start} .rk-side{flex:1;min-width:0}
.rk-side h4{margin:0.3em 0;padding:0.2em 0.4em;background:#eef}
.rk-parted{border-left:4px solid #c92a2a;padding-left:0.6em}
.rk-line{font-family:monospace;font-size:0.9em;white-space:pre-wrap}
.rk-svg{max-width:100%;height:auto;display:block;margin:0.4em 0}
.rk-whynot ul{margin:0.2em 0 0.2em 1em;padding:0} .rk-whynot li{margin:0.2em 0}
.rk-yes{color:#2b8a3e;font-weight:bold} .rk-no{color:#c92a2a;font-weight:bold} .rk-idle{color:#666}
.rk-does{color:#555;font-style:italic}
.rk-rule{margin:0.8em 0}
.rk-difference{background:#fff5f5}
"""


def _hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


#: the page's policy: nothing from outside the file; only the page's own script, by its hash
POLICY = (f"default-src 'none'; script-src '{_hash(SCRIPT)}'; style-src 'unsafe-inline'; base-uri 'none'; "
          f"form-action 'none'")


# -- pieces ------------------------------------------------------------------------------------------------
def _why_html(why: tuple[WhyNot, ...]) -> str:
    judged = [w for w in why if w.usable is not None]
    idle: dict[str, list[str]] = {}
    for w in why:
        if w.usable is None:
            idle.setdefault(w.reasons[0] if w.reasons else NOT_ASKED, []).append(w.name)
    items = []
    for w in judged:
        verdict = "<span class='rk-yes'>usable</span>" if w.usable else "<span class='rk-no'>not usable</span>"
        reasons = "".join(f"<li>{escape(r)}</li>" for r in w.reasons)
        items.append(f"<li><b>{escape(w.name)}</b> <span class='rk-does'>({escape(w.does)})</span>: {verdict}"
                     f"<ul>{reasons}</ul></li>")
    for note, named in idle.items():
        items.append(f"<li class='rk-idle'>{escape('; '.join(dict.fromkeys(named)))}: {escape(note)}</li>")
    if not items:
        items.append("<li class='rk-idle'>no card has an ability</li>")
    return (f"<details class='rk-whynot' open><summary>Why (not)? Every ability at this step</summary>"
            f"<ul>{''.join(items)}</ul></details>")


def _rule_link(rule_id: str) -> str:
    if rule_id not in RULES:
        return escape(rule_id)
    r = RULES[rule_id]
    return f"<a href='#rule-{escape(rule_id)}'>{escape(r.title)}</a> [{escape(rule_id)}]"


def _side(view: StepView, board_key: int) -> str:
    ruling = f" — decided by the ruling {_rule_link(view.ruling)}" if view.ruling else ""
    return (f"<div class='rk-line'>{escape(view.line)}</div>"
            f"<div class='rk-cites'>Rule: {_rule_link(view.rule)}{ruling}</div>"
            f"{view.drawing}<div class='rk-board-slot' data-board='{board_key}'></div>{_why_html(view.why)}")


class _Boards:
    """Each different board once, in a ``<template>`` the script shows when its step is shown."""

    def __init__(self):
        self.keys: dict[str, int] = {}

    def key(self, html: str) -> int:
        return self.keys.setdefault(html, len(self.keys))

    def templates(self) -> str:
        return "".join(f"<template id='rk-board-{k}'>{html}</template>" for html, k in self.keys.items())


def _cited(timelines) -> list[str]:
    seen: dict[str, None] = {}
    for steps in timelines:
        for step in steps:
            for rule_id in (step.rule, step.args_dict().get("ruling")):
                if rule_id and rule_id in RULES:
                    seen.setdefault(rule_id)
    return list(seen)


def _rules_html(rule_ids) -> str:
    cards = "".join(f"<div id='rule-{escape(r)}'>{RuleCard(RULES[r])._html()}</div>" for r in rule_ids)
    return f"<section id='rk-rules'><h2>The rules cited</h2>{cards}</section>"


def _head(title: str) -> str:
    return (f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<meta http-equiv='Content-Security-Policy' content=\"{POLICY}\">"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<meta name='referrer' content='no-referrer'>"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>")


def _controls(count: int) -> str:
    return (f"<div class='rk-controls'><button type='button' id='rk-prev' aria-label='the step before'>◀</button>"
            f"<input type='range' id='rk-slider' min='0' max='{count - 1}' value='0' step='1' "
            f"aria-label='the step shown'><button type='button' id='rk-next' aria-label='the step after'>▶</button>"
            f"<output id='rk-at' for='rk-slider'>#0</output></div>")


# -- the page ----------------------------------------------------------------------------------------------
def ruling_page(game, other=None, *, source: str = "", view: str | None = "flow") -> str:
    """The ruling page of a played game (:class:`rulekit.core.game.Game`) as HTML text; with
    ``other`` — the same board played under another reading of one ruling — both readings, side by
    side from the step where they part. ``view`` is the drawing of each step (one of
    :data:`rulekit.views.draw.VIEWS`; ``None`` for none); ``source`` says where the scenario is from."""
    from rulekit import __version__
    scenario = game.scenario
    play_a = Play(Lesson(scenario), game)
    views_a = step_views(play_a, scenario.title, view)
    boards = _Boards()
    comparison, views_b, parting, labels = "", [], None, ("A", "B")
    if other is not None:
        from rulekit.report.readings import comparison_html
        play_b = Play(Lesson(other.scenario), other)
        views_b = step_views(play_b, other.scenario.title, view, prefix="rkb")
        comparison, parting, labels = comparison_html(play_a, play_b)
    count = max(len(views_a), len(views_b))
    panels, lines = [], []
    for n in range(count):
        if parting is not None and n >= parting:          # from where the readings part: both, side by side
            sides = [(label, views[n] if n < len(views) else None, len(views) - 1)
                     for label, views in zip(labels, (views_a, views_b))]
            body = "<div class='rk-pair rk-parted'>" + "".join(
                f"<div class='rk-side'><h4>{escape(label)}</h4>"
                + (_side(v, boards.key(v.board)) if v is not None else
                   f"<p class='rk-idle'>This reading's timeline has ended (its last step is #{end}).</p>")
                + "</div>" for label, v, end in sides) + "</div>"
            line = "\n".join(f"{label[0]}: {v.line if v is not None else '(the timeline has ended)'}"
                             for label, v, _ in sides)
        else:
            body, line = _side(views_a[n], boards.key(views_a[n].board)), views_a[n].line
        panels.append(f"<section class='rk-step' id='rk-step-{n}' data-label='#{n} of #{count - 1}'>{body}</section>")
        lines.append(f"<li><button type='button' aria-label='show #{n}'>#{n}</button> {escape(line)}</li>")
    title = f"Ruling: {scenario.title}"
    meta = [f"ruleset {scenario.ruleset}", f"{len(scenario.cards)} cards", f"steps #0 to #{count - 1}"]
    if source:
        meta.insert(0, f"from {source}")
    out = [_head(title), "<body>", f"<h1>{escape(title)}</h1>",
           f"<p class='rk-meta'>{escape(' · '.join(meta))} · made by rulekit {escape(__version__)}; this page "
           f"needs no server and makes no request outside itself</p>"]
    if comparison:
        out.append(comparison)
    out.append(f"<section id='rk-board'><h2>The board</h2>{views_a[0].board}</section>")
    out.append("<section id='rk-timeline'><h2>The timeline</h2>"
               "<p class='rk-meta'>Move the slider (or use the arrow keys on it, or press a step's number) to see "
               "each step: its rule, its drawing, the board after it and why each ability could or could not be "
               "used there. #0 is the board as set up.</p>"
               f"{_controls(count)}<ol class='rk-lines'>{''.join(lines)}</ol>{''.join(panels)}</section>")
    out.append(_rules_html(_cited([play_a.timeline] + ([other.timeline] if other is not None else []))))
    out.append(boards.templates())
    out.append(f"<script>{SCRIPT}</script></body></html>\n")
    return "".join(out)
