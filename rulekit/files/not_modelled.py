"""Where a scenario file uses an effect rulekit does not simulate (``do: not modelled``; rule
``rulekit.not-modelled``): each use with its file, line, card and ability, for ``rulekit check``
to note, or, with ``--strict``, to refuse."""
from __future__ import annotations

from dataclasses import dataclass

from rulekit.core.errors import ScenarioError
from rulekit.core.events import Verb
from rulekit.files.document import LoadedScenario
from rulekit.files.locate import _at


@dataclass(frozen=True, slots=True)
class NotModelledUse:
    """One ``not modelled`` instruction of a file: where it is and what it names."""

    file: str
    line: int | None
    column: int | None
    path: str
    card: str
    ability: str
    text: str
    changes_state: bool

    def note(self) -> str:
        """The line ``rulekit check`` prints for it."""
        claim = "; the file says it changes the game state" if self.changes_state else ""
        return (f"{self.where()}: card {self.card!r}, ability {self.ability!r}: not modelled: {self.text} "
                f"(rulekit does not simulate it{claim})")

    def refusal(self) -> ScenarioError:
        """What ``rulekit check --strict`` reports for it."""
        return ScenarioError(f"card {self.card!r}, ability {self.ability!r} uses an effect rulekit does not "
                             f"simulate (not modelled: {self.text})", path=self.path, file=self.file,
                             line=self.line, column=self.column,
                             expected="only effects rulekit models, under --strict")

    def where(self) -> str:
        return ":".join(str(p) for p in (self.file, self.line, self.column) if p is not None)


def _in_ability(ability, path: tuple, card: str):
    """(path, card, ability, instruction) of each ``not modelled`` instruction in an ability,
    its delayed effects and the abilities it grants included."""
    for part in ("cost", "effect"):
        for k, instr in enumerate(getattr(ability, part)):
            yield from _in_instruction(instr, path + (part, k), card, ability.id)


def _in_instruction(instr, path: tuple, card: str, ability_id: str):
    if instr.do is Verb.NOT_MODELLED:
        yield path, card, ability_id, instr
    for part in ("instead", "later"):
        for k, inner in enumerate(getattr(instr, part)):
            yield from _in_instruction(inner, path + (part, k), card, ability_id)
    if instr.grant is not None:
        yield from _in_ability(instr.grant, path + ("grant",), card)


def not_modelled_uses(loaded: LoadedScenario) -> list[NotModelledUse]:
    """Every ``not modelled`` instruction of a loaded file, in file order: the cards' abilities,
    then the abilities the script grants."""
    found = []
    for i, card in enumerate(loaded.scenario.cards):
        for j, ability in enumerate(card.abilities):
            found += _in_ability(ability, ("cards", i, "abilities", j), card.id)
    for i, entry in enumerate(loaded.scenario.script):
        if entry.grant is not None:
            found += _in_ability(entry.grant, ("script", i, "grant"), ", ".join(entry.cards) or "the script")
    out = []
    for path, card, ability_id, instr in found:
        located = _at(path, loaded.marks, loaded.file, "")
        out.append(NotModelledUse(loaded.file, located.line, located.column, located.path, card, ability_id,
                                  instr.text or "", instr.changes_state))
    return out
