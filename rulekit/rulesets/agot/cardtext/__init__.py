"""A Game of Thrones' printed card text read into abilities and written back (rule
``rulekit.card-text``): :func:`read` parses a card's text with the grammar ``grammar.lark`` into a
:class:`~rulekit.core.cardtext.ReadCard`; :func:`write` words a ReadCard in the game's printed
templates, the canonical text :func:`read` gives the same card back from. Imported only when card
text is read (it imports the grammar library)."""
from __future__ import annotations

from rulekit.core.cardtext import ReadCard
from rulekit.rulesets.agot.cardtext import reader, writer

#: the card's own fields its keywords may set ("Terminal.", "Pillage.")
KEYWORD_FIELDS = ("terminal", "pillage")

#: canonical example phrases of the grammar: the nearest of them is named when a text is refused
WORDINGS = (
    "Reaction: After a character is killed, draw 1 card.",
    "Reaction: After you win a [military] challenge, ~ gains 1 power.",
    "Reaction: After you lose an [intrigue] challenge, kneel ~.",
    "Reaction: After you win a challenge as the defending player, draw 1 card.",
    "Reaction: After ~ is declared as an attacker in a [power] challenge, draw 1 card.",
    "Reaction: After the dominance phase begins, draw 1 card.",
    "Reaction: After you win dominance, gain 1 gold.",
    "Forced Reaction: After a character you control is killed, discard 1 power from your faction card.",
    "Interrupt: When a character you control would be killed, kneel ~ to save it.",
    "Interrupt: When an opponent plays an event, cancel its effects.",
    "Interrupt: When ~ is killed, return it to your hand instead of placing it in your dead pile.",
    "Forced Interrupt: When the challenges phase ends, ~ gains 1 power.",
    "When Revealed: Choose a character. Kill that character.",
    "draw 1 card",
    "gain 1 gold",
    "kneel ~",
    "~ gains 1 power",
    "choose and kill a kneeling character an opponent controls",
    "stand each kneeling character you control",
    "each character you control gets +1 STR until the end of the phase",
    "pay 1 gold to stand a character you control",
    "sacrifice a character you control to draw 2 cards",
    "discard 1 card at random from your hand",
    "each opponent discards 1 card at random from his or her hand",
    "move 1 power from an opponent's faction card to your faction card",
    "search your deck for a Knight character, put it into play, and shuffle your deck",
    "put ~ into play from your hand",
    "return each character you control that entered play this phase to its owner's hand",
    "look at an opponent's hand",
    "look at the top 3 cards of your deck, then place them back on top of your deck in any order",
    "shuffle your discard pile into your deck",
    "if you control a Knight character",
    "if you have a card in your hand",
    "if you have not lost a challenge this round",
    "if you have won 2 or more challenges this phase",
    "Then, draw 1 card.",
    "At the end of the phase, return ~ to your hand.",
    "(Limit once per round.)",
    "(Limit 2 times per phase.)",
    "(Max 1 per challenge.)",
    "(This ability may be initiated while ~ is in your dead pile.)",
    "(This ability cannot be cancelled.)",
    "~ cannot be killed.",
    "While you control another Knight character, ~ cannot be killed.",
    "The abilities of ~ cannot be cancelled.",
    "Characters your opponents control cannot be saved.",
    "Terminal.",
    "Pillage.",
    "Ambush (3).",
)


def read(text: str, title: str) -> ReadCard:
    """``text``, the printed text of the card ``title``, as a ReadCard (or a CardTextError)."""
    return reader.read(text, title, WORDINGS)


def write(card: ReadCard, title: str) -> str:
    """``card`` in the canonical wording of A Game of Thrones' printed cards."""
    return writer.write(card, title)
