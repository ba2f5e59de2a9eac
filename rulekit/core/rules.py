"""The rules registry: every rule id a step, verdict or lesson cites, with its text and source.

Every text is rulekit's own words; the source says where the rule comes from. Provenance is one
of ``"rules text"`` (the rules texts the toolkit teaches), ``"rules reference"`` / ``"faq"`` /
``"core rules"`` (the full rulebooks), ``"rulekit"`` — a decision rulekit made where the rules
are silent, with its reasoning — or ``"ruling"``, one option of a contested point.
"""
from __future__ import annotations

from collections.abc import Mapping
from rulekit.core.frozen import immutable


@immutable
class Rule:
    id: str
    title: str
    text: str
    provenance: str
    source: str
    reasoning: str = ""

    @property
    def cited(self) -> str:
        """Where the rule comes from, as a person reads it: the rules text and its part, or, for a
        decision of rulekit's own, that no rules text says it (its reasoning says why)."""
        if self.provenance == "rulekit":
            return "rulekit's own decision: no rules text says this; the reasoning says why"
        return f"{self.source} ({self.provenance})"


_ALL = (
    Rule("rulekit.setup", "Setting up a scenario",
         "The board is laid out as the scenario lists it; draw decks are in listing order, top card first.",
         "rulekit", "rulekit",
         "The rules start from a real game; a scenario starts from a chosen board, so its order must be stated."),
    Rule("rulekit.script", "The script",
         "Each script entry is one occurrence: all the triggering conditions it creates share one sequence. An "
         "entry that could change nothing creates no triggering condition.", "rulekit", "rulekit",
         "Scenarios describe what happens (a claim 2 kill, a phase beginning) without playing a whole round."),
    Rule("rulekit.auto-pass", "Passing with nothing to use",
         "A player whose opportunity comes while they have no eligible ability passes without being asked; the "
         "pass is recorded like any other. A window in which nobody has an eligible ability opens and closes at "
         "once, every player passing.", "rulekit", "rulekit",
         "The rules give every player the opportunity; asking someone to choose among nothing teaches nothing "
         "and hides the decisions that matter. The consecutive-pass count is kept exactly as the rules say."),
    Rule("rulekit.default-zones", "Where targets are looked for",
         "Unless an instruction's filter names a zone, it chooses among (or affects) cards in play; putting a card "
         "into play, or an effect's playing one, looks in hand. A condition's count sees only cards in play unless its filter names a zone "
         "(\"if I'm your only unit\" counts no card in a deck or a discard pile).", "rulekit", "rulekit",
         "Card text says \"a character\" meaning one in play; the exceptions name their zone. Riftbound says so "
         "outright: \"unit\", \"gear\" and \"rune\" are objects on the Board unless the text says otherwise "
         "(Core Rules 355.9.a.1); a card you control in A Game of Thrones is in play."),
    Rule("rulekit.limits", "Runaway loops",
         "At most 64 triggering-condition sequences may be open at once; past that the game stops with an error "
         "naming the abilities that keep triggering each other.", "rulekit", "rulekit",
         "The rules let abilities trigger each other without end only in theory; a bounded stack keeps a teaching "
         "tool from hanging and says which cards loop."),
    Rule("rulekit.defaults", "Default answers",
         "Every decision has a documented default: forced abilities resolve in listing order, every player passes, "
         "the first legal target in listing order is chosen. Only answers that differ from the default are "
         "recorded.", "rulekit", "rulekit",
         "Short lines of play survive edits of the board: a key that no longer comes up is reported, not guessed."),
    Rule("rulekit.not-modelled", "An effect rulekit does not simulate",
         "An instruction \"not modelled\" names in words an effect rulekit does not simulate (looking at cards, "
         "rearranging a deck, searching). Its ability triggers, is offered, is used and resolves at the times the "
         "rules give it like any other; when the instruction resolves nothing in the game state changes and it "
         "makes nothing occur, so nothing can respond to its effect. It counts as able to change the game state "
         "only where its file says so (changes_state), and a \"then\" after it resolves only then. Traces, "
         "verdicts and drawings show it as \"not modelled: …\"; rulekit check --strict refuses a file that uses it.",
         "rulekit", "rulekit",
         "Many cards have ordinary timing and an effect outside what rulekit models. Naming the effect honestly "
         "lets their trigger and timing be taught without approximating the effect by another verb; whether it "
         "could change the game state (which decides in A Game of Thrones whether the ability may be initiated at "
         "all) is a fact of the board rulekit cannot see, so the file states it."),
    Rule("rulekit.fields", "No field loads and does nothing",
         "Every field a file sets on an instruction, a filter, a trigger, a condition or an ability changes what "
         "happens where it stands: the decisions offered, the events or the board. A field set where no rule and "
         "no printed template gives it a meaning (an amount on \"kneel this card\", a filter on \"that card\", "
         "a condition on a cost, \"then\" before anything, a card filter on a player's event, a triggered "
         "ability's words on a spell) is refused when the file loads, naming the field, why, and where it "
         "belongs. Only words for people (texts, labels, titles, ids) describe without acting.",
         "rulekit", "rulekit",
         "A reference that accepts a field and ignores it teaches a wrong rule silently: the reader believes the "
         "card works as written. Refusing the combinations no card needs, and making the others work, keeps "
         "every file honest; a test walks every field of the format in every place it may stand."),
    Rule("rulekit.card-text", "Card text",
         "A card may be given by its printed text. Its ruleset's reader reads the text by a grammar of the game's "
         "templates (timing word, triggering condition, costs, effects, limits, keywords) into the same abilities "
         "a file writes by hand, and writes them back as canonical text; reading that text gives the same abilities. "
         "The reader never reads a text as a different ability: a phrase it recognises but does not simulate "
         "becomes an effect that is not modelled, shown as such, and a phrase it cannot read refuses the card, "
         "naming the phrase and the nearest wording it knows. A card that gives both its text and its abilities "
         "must have them agree.", "rulekit", "rulekit",
         "People know cards by their printed text. Reading it by a general grammar, with every refusal named, lets "
         "a card be typed in and its timing taught without trusting a hand translation, and the canonical wording "
         "shows what was understood."),
    Rule("rulekit.chance", "Chance: decisions the game answers",
         "Randomness and hidden information are decisions the game answers, not a player: which cards an "
         "instruction takes at random (target: random), which cards a shuffle leaves on top of a deck (shuffle). "
         "The decision's chooser is \"the game\"; its options are the possible outcomes, each once, in a stable "
         "order — for a random pick the sets of cards it can take (h1+h3), in listing order; for a shuffle the "
         "cards that can end on top, top first, as deep as its amount (1 by default), the cards beneath keeping "
         "their order — and its default is the first of them. Its answer is recorded, keyed and replayed like a "
         "player's; a pick or shuffle with one possible outcome asks nothing. Traces show it as \"chance: …\", "
         "and rulekit explore walks every outcome and counts the lines that differ by chance.",
         "rulekit", "rulekit",
         "The engine stays deterministic and free of input and output: it never draws a random number. Treating "
         "chance as a decision with every outcome listed lets a line of play be replayed exactly, lets explore "
         "count what chance can do to a board, and lets a teacher pick the outcome a lesson needs. A shuffle "
         "is modelled only as deep as the file asks, because a whole deck's orders are too many to list and "
         "only the cards the game then looks at can change anything."),
)


class _Registry(Mapping):
    """Every rule: rulekit's own decisions, each registered ruleset's entries, and one entry per
    option of each ruling (``<ruling>=<option>``). Read-only; built on first use, after the
    rulesets have registered."""

    def __init__(self):
        self._built: dict[str, Rule] = {}
        self._for: tuple = ()

    def _index(self, rulesets: tuple) -> dict[str, Rule]:
        """The entries of rulekit and of ``rulesets`` (rebuilt only when that set changes; a
        dict swapped in whole, so a reader in another thread sees the old or the new one)."""
        if self._for != rulesets:
            built = {r.id: r for r in _ALL}
            for rs in rulesets:
                built.update({r.id: r for r in rs.rules})
                for ruling in rs.rulings:
                    for i, option in enumerate(ruling.options):
                        built[f"{ruling.name}={option.name}"] = Rule(
                            f"{ruling.name}={option.name}", f"Ruling {ruling.name}: {option.name}"
                            + (" (default)" if i == 0 else ""), f"{ruling.question} — {option.summary}",
                            "ruling", option.source, option.reasoning)
            self._built, self._for = built, rulesets
        return self._built

    def _loaded(self) -> dict[str, Rule]:
        return self._index(_RULESETS["registered"]())

    def _all(self) -> dict[str, Rule]:
        return self._index(_RULESETS["all"]())

    def __getitem__(self, key: str) -> Rule:
        found = self._loaded().get(key)      # the rulesets in use answer first; the rest load only if needed
        return found if found is not None else self._all()[key]

    def __contains__(self, key) -> bool:
        return key in self._loaded() or key in self._all()

    def __iter__(self):
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


RULES: Mapping[str, Rule] = _Registry()

#: Where the registry finds the rulesets' entries: the registered rulesets, and every ruleset
#: (loading the built-in ones not yet loaded). The ruleset registry (:mod:`rulekit.rulesets`)
#: installs both when it is imported; the core imports no ruleset.
_RULESETS = {"registered": tuple, "all": tuple}


def read_rulesets_from(registered, every) -> None:
    """Install the two functions that give the rulesets whose entries the registry holds."""
    _RULESETS["registered"], _RULESETS["all"] = registered, every


def rule(rule_id: str) -> Rule:
    """The registered rule, or a KeyError naming the closest ids."""
    try:
        return RULES[rule_id]
    except KeyError:
        import difflib
        close = difflib.get_close_matches(rule_id, list(RULES), n=3)
        raise KeyError(f"no rule {rule_id!r}" + (f"; did you mean {', '.join(close)}?" if close else "")) from None
