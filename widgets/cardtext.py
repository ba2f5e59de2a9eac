"""Type a card's printed text, or take a card from the card library by name (rule
``rulekit.card-text``): see what the text reads as, then give it to a card of the board, or put a new
card with that text on the board, and replay.

The panel previews, as you type, the text's canonical wording and the abilities it reads as, or
the phrase rulekit cannot read and the nearest wording it knows, next to the field. "give this
text" replaces the chosen card's abilities with the ones read, and the line of play is replayed
(:meth:`~rulekit_widgets.model.GameModel.set_text`).
"""
from __future__ import annotations

import html

import ipywidgets as w

from rulekit_widgets.model import GameModel


def reading_html(rules, text: str, title: str) -> tuple[str, bool]:
    """What ``text`` reads as for the card ``title``, as HTML (:class:`~rulekit.views.faces.Reading`),
    and whether it was read."""
    from rulekit.views.faces import Reading
    if not text.strip():
        return "<i>type the card's printed text</i>", False
    reading = Reading(rules, text, title)
    return reading._html(), reading.error is None


class CardTextPanel:
    """A card of the board, a field for its printed text, the preview of what the text reads as,
    and a button that gives the card that text."""

    def __init__(self, model: GameModel):
        self.model = model
        self.card = w.Dropdown(description="card")
        self.library = w.Text(description="library", placeholder="a card's name or code (rulekit cards search)")
        self.find = w.Button(description="take its text", tooltip="the printed text of that card of the card library")
        self.find.on_click(lambda _: self.take_from_library())
        self.text = w.Textarea(description="printed text", placeholder="Reaction: After …, …",
                               continuous_update=False, layout=w.Layout(width="95%", height="4em"))
        self.preview = w.HTML()
        self.preview.add_class("rk-text-preview")
        self.apply = w.Button(description="give this text", button_style="warning",
                              tooltip="replace the card's abilities with the ones its text reads as, and replay")
        # a new card: its name, owner, type and zone (a library card gives its name, type and own fields)
        self.new_title = w.Text(description="new card", placeholder="its name")
        self.owner = w.Dropdown(description="owner")
        self.kind = w.Dropdown(description="type")
        self.zone = w.Dropdown(description="zone")
        self.add = w.Button(description="add to the board", tooltip="a new card with this text, and replay")
        self.add.on_click(lambda _: self.add_card())
        self._own_fields: dict = {}
        self._own_fields_for = ""       # the name of the library card the fields are of
        self.status = w.HTML()
        self.status.add_class("rk-text-status")
        self.apply.on_click(lambda _: self.submit())
        self.text.observe(lambda _: self.show_reading(), names="value")
        self.card.observe(lambda _: self._load(), names="value")
        self.widget = w.VBox([w.HBox([self.library, self.find]), self.text, self.preview,
                              w.HBox([self.card, self.apply]),
                              w.HBox([self.new_title, self.owner]), w.HBox([self.kind, self.zone, self.add]),
                              self.status])
        self.widget.add_class("rk-card-text")
        model.observe(lambda _: self.refresh(), names=["game"])
        model.observe(lambda _: self._show_error(), names=["error"])
        self.refresh()

    def refresh(self) -> None:
        options = [(f"{c.title} — {c.owner}'s, {c.zone}", c.id) for c in self.model.scenario.cards]
        if [o[1] for o in self.card.options] != [o[1] for o in options]:
            self.card.options = options
        if self.card.value is None and options:
            self.card.value = options[0][1]
        from rulekit.rulesets import get
        rules = get(self.model.scenario.ruleset)
        if tuple(self.owner.options) != self.model.scenario.players:
            self.owner.options = self.model.scenario.players
        if self.owner.value is None:
            self.owner.value = self.model.scenario.first_player
        self.kind.options = rules.card_types
        self.zone.options = rules.zones
        if self.kind.value is None and rules.card_types:
            self.kind.value = rules.default_card_type or rules.card_types[0]
        if self.zone.value is None and rules.zones:
            self.zone.value = rules.default_zone or rules.in_play[0]
        self.show_reading()

    def _chosen(self):
        ids = {c.id for c in self.model.scenario.cards}
        return self.model.scenario.card(self.card.value) if self.card.value in ids else None

    def _load(self) -> None:
        """The chosen card's own text, as its abilities give it, to start from."""
        card = self._chosen()
        if card is not None:
            self.text.value = " ".join(a.text for a in card.abilities if a.text)
        self.show_reading()

    def show_reading(self) -> bool:
        card = self._chosen()
        if card is None:
            self.preview.value = "<i>choose a card</i>"
            return False
        from rulekit.rulesets import get
        self.preview.value, read = reading_html(get(self.model.scenario.ruleset), self.text.value, card.title)
        return read

    def _show_error(self) -> None:
        error = self.model.error
        self.status.value = f"<span style='color:#b00'>{html.escape(error)}</span>" if error else ""

    def take_from_library(self) -> bool:
        """Put the printed text of the card library's card named (or coded) in the library field into
        the text field, to preview and give; a name the library lacks is said next to the field,
        with the nearest names."""
        from rulekit.core.cardtext import keyword_fields
        from rulekit.library import LibraryError
        from rulekit.library.entries import lookup
        from rulekit.library.store import Library
        key = self.library.value.strip()
        if not key:
            self.model.error = "type a card's name or code to take from the card library"
            return False
        try:
            found = lookup(Library(), self.model.scenario.ruleset, key)
        except LibraryError as e:
            self.model.error = str(e)
            return False
        self.model.error = ""
        self.text.value = found.text
        rules = self.model.scenario.rules
        self.new_title.value = found.name
        if found.type in rules.card_types:
            self.kind.value = found.type
        self._own_fields = {k: v for k, v in found.fields.items()
                            if k in rules.card_fields and v is not None and k not in keyword_fields(rules)}
        if found.fields.get("traits"):
            self._own_fields["traits"] = tuple(found.fields["traits"])
        self._own_fields_for = found.name
        return True

    def add_card(self) -> bool:
        """Put a new card on the board with the typed (or library) text, the name, owner, type and
        zone chosen, and the library card's own fields (Might, STR …) when it came from there; refused,
        with the reason next to the field, when the text does not read or the board would not be valid."""
        from rulekit.core import ids
        from rulekit.core.cardtext import CardTextError, given, read_card
        from rulekit.core.model import Card
        title = self.new_title.value.strip()
        if not title or not self.text.value.strip():
            self.model.error = "give the new card a name and a printed text first"
            return False
        rules = self.model.scenario.rules
        try:
            read = read_card(rules, self.text.value, title)
        except CardTextError as e:
            self.model.error = f"{title}'s text: {e}"
            return False
        taken = {c.id for c in self.model.scenario.cards}
        base = ids.token_slug(title) or "card"
        card_id = next(f"{base}-{n}" if n else base for n in range(len(taken) + 1)
                       if (f"{base}-{n}" if n else base) not in taken)
        own = dict(self._own_fields) if self._own_fields_for == title else {}
        traits = tuple(own.pop("traits", ()))
        try:
            extension = rules.card_extension(**own) if rules.card_extension is not None else None
        except TypeError as e:
            self.model.error = f"{title}'s fields: {e}"
            return False
        card = Card(card_id, title, self.owner.value, None, self.zone.value, self.kind.value, False, traits,
                    extension=extension)
        return self.model.add_card(given(card, read))

    def submit(self) -> bool:
        """Give the chosen card the typed text and replay; refused, with the reason next to the
        field, when no card is chosen or the text does not read."""
        card = self._chosen()
        if card is None:
            self.model.error = "choose a card first"
            return False
        if not self.text.value.strip():
            self.model.error = f"type {card.title}'s printed text first"
            return False
        return self.model.set_text(card.id, self.text.value)
