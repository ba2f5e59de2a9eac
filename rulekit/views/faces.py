"""How a lesson shows things: card faces, a board, a rule, a prediction, an explanation.

Each object has ``_repr_html_`` (for notebooks and the documentation site; every piece of text
is escaped with :func:`html.escape`) and a deterministic plain-text ``repr`` (what nbval
compares). The styles are inline, so a saved notebook looks the same everywhere. Nothing here
imports a plotting or widget library. :mod:`rulekit.lesson` makes these objects.
"""
from __future__ import annotations

from html import escape

from rulekit.rulesets import get as get_ruleset

__all__ = ["Board", "CardFace", "Prediction", "RuleCard", "Why", "card_face"]


# -- showing things -------------------------------------------------------------------------------
class _Shown:
    """Something a notebook shows: ``_repr_html_`` for the page, a deterministic ``repr`` for text."""

    def _text(self) -> str:
        raise NotImplementedError

    def _html(self) -> str:
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return self._html()

    def __repr__(self) -> str:
        return self._text()

    def __str__(self) -> str:
        return self._text()


_FACE = ("display:inline-block;vertical-align:top;width:13em;margin:0.25em;padding:0.4em 0.5em;"
         "border:1px solid #888;border-radius:0.5em;background:#fdfcf7;color:#222;font-size:0.85em;"
         "line-height:1.3;font-family:sans-serif")
_FACE_TURNED = _FACE + ";background:#ece9dd;border-style:dashed"


class CardFace(_Shown):
    """One card as a small face: title, type, text, zone, controller, posture and numbers."""

    def __init__(self, card, ruleset: str = "agot"):
        self.card = card
        self.ruleset = ruleset

    @property
    def turned(self) -> bool:
        return bool(getattr(self.card, "kneeling", False))

    def facts(self) -> list[str]:
        c, rules = self.card, get_ruleset(self.ruleset)
        out = [f"{c.type}", f"in the {c.zone}", f"controlled by {c.controller}"]
        if c.owner != c.controller:
            out.append(f"owned by {c.owner}")
        if self.turned:
            out.append(rules.turned_word)
        numbers = tuple((name, getattr(c, name, 0)) for name in rules.card_numbers)
        out += [f"{name} {value}" for name, value in numbers if value]
        out += rules.card_facts(c)
        if c.traits:
            out.append("traits: " + ", ".join(c.traits))
        return out

    def texts(self) -> list[str]:
        return [a.text or f"{a.timing.value.capitalize()} ability." for a in self.card.abilities]

    def _text(self) -> str:
        lines = [f"{self.card.title} ({', '.join(self.facts())})"]
        lines += [f"  {t}" for t in self.texts()]
        return "\n".join(lines)

    def _html(self) -> str:
        c = self.card
        facts = escape(" · ".join(self.facts()))
        texts = "".join(f"<div style='margin-top:0.3em;font-style:italic'>{escape(t)}</div>" for t in self.texts())
        return (f"<div class='rk-card' style='{_FACE_TURNED if self.turned else _FACE}'>"
                f"<div style='font-weight:bold'>{escape(c.title)}</div>"
                f"<div style='color:#555;font-size:0.9em'>{facts}</div>{texts}</div>")


def card_face(card, ruleset: str = "agot") -> CardFace:
    """A :class:`CardFace` for one :class:`~rulekit.model.Card` (a lesson cell can show it alone)."""
    return CardFace(card, ruleset)


class Board(_Shown):
    """The cards grouped by player and zone; draw decks are counted, not shown."""

    def __init__(self, title: str, ruleset: str, players, cards, deck_zone: str, caption: str = ""):
        self.title, self.ruleset, self.players, self.cards = title, ruleset, tuple(players), tuple(cards)
        self.deck_zone, self.caption = deck_zone, caption

    def groups(self) -> list[tuple[str, str, tuple]]:
        """``(player, zone, cards)`` in player order, zones in the order cards are listed."""
        out = []
        for player in self.players:
            mine = [c for c in self.cards if (c.controller if c.zone != self.deck_zone else c.owner) == player]
            zones = list(dict.fromkeys(c.zone for c in mine))
            out += [(player, z, tuple(c for c in mine if c.zone == z)) for z in zones]
        return out

    def _text(self) -> str:
        lines = [self.title + (f" — {self.caption}" if self.caption else "")]
        for player, zone, cards in self.groups():
            if zone == self.deck_zone:
                lines.append(f"{player} · {zone}: {len(cards)} card(s)")
            else:
                lines.append(f"{player} · {zone}: " + "; ".join(
                    f"{c.title} ({', '.join(CardFace(c, self.ruleset).facts()[:1] + _posture(c, self.ruleset))})"
                    for c in cards))
        return "\n".join(lines)

    def _html(self) -> str:
        parts = [f"<div class='rk-board'><div style='font-weight:bold'>{escape(self.title)}"
                 + (f" — {escape(self.caption)}" if self.caption else "") + "</div>"]
        for player, zone, cards in self.groups():
            parts.append(f"<div style='margin-top:0.4em'><b>{escape(player)}</b> · {escape(zone)}</div>")
            if zone == self.deck_zone:
                parts.append(f"<div style='color:#555'>{len(cards)} card(s), face down</div>")
            else:
                parts.append("<div>" + "".join(CardFace(c, self.ruleset)._html() for c in cards) + "</div>")
        return "".join(parts) + "</div>"


def _posture(card, ruleset: str) -> list[str]:
    return [get_ruleset(ruleset).turned_word] if card.kneeling else []


class RuleCard(_Shown):
    """A rule of the registry: its title, its words, its source and, for rulekit's own
    decisions, the reasoning."""

    def __init__(self, rule):
        self.rule = rule

    def _text(self) -> str:
        r = self.rule
        out = [f"{r.title} [{r.id}]", r.text, f"Source: {r.cited}"]
        if r.reasoning:
            out.append(f"Why rulekit decided so: {r.reasoning}")
        return "\n".join(out)

    def _html(self) -> str:
        r = self.rule
        why = f"<p><i>Why rulekit decided so:</i> {escape(r.reasoning)}</p>" if r.reasoning else ""
        return (f"<div class='rk-rule'><b>{escape(r.title)}</b> <code>{escape(r.id)}</code>"
                f"<blockquote style='margin:0.4em 1em'>{escape(r.text)}</blockquote>"
                f"<div style='color:#555;font-size:0.9em'>Source: {escape(r.cited)}</div>"
                f"{why}</div>")


class Prediction(_Shown):
    """A multiple-choice question whose answer the engine computes from the played game, with the
    engine's reasons (``why``) and the rules they apply (``rules``: ``(id, title, source)``).

    ``right`` holds every right key (a "which of these?" question may have several: ``multiple``).
    :meth:`judge` says whether a reader's pick is right; :meth:`on` asks the same question of another
    board (a lesson's variant), so a question follows an edit. On the page the answer and its why
    are folded in a ``<details>`` element; the plain text ends with them."""

    def __init__(self, question: str, choices: dict, answer_key: str, computed: bool, note: str = "", *,
                 right=None, multiple: bool = False, why=(), rules=(), ask=None):
        self.question, self.choices, self.answer, self.computed, self.note = question, choices, answer_key, computed, note
        self.right = tuple(right) if right is not None else (answer_key,)
        self.multiple, self.why, self.rules, self._ask = multiple, tuple(why), tuple(rules), ask

    def on(self, lesson) -> "Prediction":
        """The same question asked of ``lesson``'s board: its choices and answer computed again."""
        if self._ask is None:
            raise TypeError("this question was not made by a lesson, so it cannot be asked of another board")
        return self._ask(lesson)

    def judge(self, picked) -> bool:
        """Whether ``picked`` (a key, or the keys of a "which of these?" question) is the answer.
        A key that is not a choice is an error naming the choices."""
        keys = (picked,) if isinstance(picked, str) else tuple(picked)
        unknown = [k for k in keys if k not in self.choices]
        if unknown:
            raise KeyError(f"{unknown[0]!r} is not a choice; the choices are {', '.join(self.choices)}")
        return set(keys) == set(self.right)

    def answer_words(self) -> str:
        """The right choice(s), as ``"B) 2"``."""
        return "; ".join(f"{k}) {self.choices[k]}" for k in self.right)

    def cited(self) -> list[str]:
        """The rules the why applies, each as ``"id — title (source)"``."""
        return [f"{rule_id} — {title} ({source})" if source else f"{rule_id} — {title}"
                for rule_id, title, source in self.rules]

    def _text(self) -> str:
        lines = [self.question] + [f"  {k}) {v}" for k, v in self.choices.items()]
        who = "computed by the engine" if self.computed else "given by the lesson"
        lines.append(f"Answer ({who}): {self.answer_words()}")
        lines += [f"  - {line}" for line in self.why]
        lines += [f"Rule: {line}" for line in self.cited()]
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def folded(self) -> str:
        """The answer, its why and its rules, folded in a ``<details>`` element (escaped HTML)."""
        who = "computed by the engine" if self.computed else "given by the lesson"
        why = "".join(f"<li>{escape(line)}</li>" for line in self.why)
        rules = "".join(f"<div style='color:#555;font-size:0.9em'>Rule: {escape(line)}</div>" for line in self.cited())
        note = f"<div>{escape(self.note)}</div>" if self.note else ""
        return (f"<details><summary>Answer ({escape(who)})</summary>"
                f"<p><b>{escape(self.answer_words())}</b></p>"
                + (f"<ul>{why}</ul>" if why else "") + f"{rules}{note}</details>")

    def _html(self) -> str:
        choices = "".join(f"<li><b>{escape(k)})</b> {escape(v)}</li>" for k, v in self.choices.items())
        how = " (pick every one that applies)" if self.multiple else ""
        return (f"<div class='rk-predict'><p><b>Predict:</b> {escape(self.question)}{escape(how)}</p>"
                f"<ul style='list-style:none'>{choices}</ul>{self.folded()}</div>")


class Why(_Shown):
    """Why an ability could (or could not) be used at a step, in words. ``usable`` is true when it
    could be used (or triggered) for at least one triggering condition there, ``None`` when the
    step judged nothing; a prediction can ask it. ``rule`` is the rule the judging step applies (a
    prediction's why cites it)."""

    def __init__(self, header: str, reasons: list[str], usable: bool | None = None, rule: str = ""):
        self.header, self.reasons, self.usable, self.rule = header, reasons, usable, rule

    def _text(self) -> str:
        return "\n".join([self.header] + [f"  - {r}" for r in self.reasons])

    def _html(self) -> str:
        items = "".join(f"<li>{escape(r)}</li>" for r in self.reasons)
        return f"<div class='rk-why'><b>{escape(self.header)}</b><ul>{items}</ul></div>"


class Reading(_Shown):
    """What a card's printed text reads as (rule ``rulekit.card-text``): its canonical wording,
    each ability with its id and timing, the keyword fields it sets and the keywords recognised but
    not simulated; or, for a text rulekit cannot read, the phrase and the nearest wording it knows."""

    def __init__(self, rules, text: str, title: str):
        from rulekit.core.cardtext import CardTextError, ReadCard, read_card, write_card
        self.text, self.title = text, title
        self.error: CardTextError | None = None
        self.card = None
        self.canonical = ""
        self.parts: list[tuple[str, str, str]] = []
        try:
            self.card = read_card(rules, text, title)
            self.canonical = write_card(rules, self.card, title)
            self.parts = [(a.id, a.timing.value, write_card(rules, ReadCard((a,)), title)) for a in self.card.abilities]
        except CardTextError as e:
            self.error = e

    def _lines(self) -> list[str]:
        if self.error is not None:
            near = f" — the nearest wording rulekit reads: “{self.error.nearest}”" if self.error.nearest else ""
            return [f"rulekit cannot read “{self.error.phrase}”{near}"]
        out = [f"read as: {self.canonical}"]
        out += [f"  ability {ability_id!r}: {words}" for ability_id, timing, words in self.parts]
        out += [f"  {name}: {value}" for name, value in self.card.fields]
        out += [f"  recognised, not simulated: {phrase}" for phrase in self.card.unmodelled]
        return out

    def _text(self) -> str:
        return "\n".join([f"{self.title or 'The card'}: “{self.text}”"] + self._lines())

    def _html(self) -> str:
        head = f"<b>{escape(self.title or 'The card')}</b>: “{escape(self.text)}”"
        lines = self._lines()
        color = "#b00" if self.error is not None else "#222"
        body = "".join(f"<div style='margin-left:1em;color:{color}'>{escape(line.strip())}</div>" for line in lines)
        return f"<div class='rk-reading'>{head}{body}</div>"
