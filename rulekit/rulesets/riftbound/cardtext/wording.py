"""The canonical words of the parts of a Riftbound ability: cards (a determiner, adjectives, a
noun and what follows it), targets, conditions, symbols and tokens (rule ``rulekit.card-text``).
Each part is written one way, in the game's printed style; what cannot be printed is a
:class:`~rulekit.core.cardtext.CardTextError` naming it, never other words."""
from __future__ import annotations

from rulekit.core.abilities import CardFilter, Condition, Posture, Target, Token, Which, Who
from rulekit.core.cardtext import CardTextError
from rulekit.rulesets.riftbound.cardtext import phrases

_NOUNS = {"unit": ("unit", "units"), "gear": ("gear", "gear"), "rune": ("rune", "runes"),
          "spell": ("spell", "spells"), None: ("card", "cards")}
#: a filter's fields the words below print; any other set field has no printed wording here
_PRINTED = {"which", "type", "controller", "trait", "not_trait", "buffed", "posture", "combat", "keyword",
            "here", "zone"}
_STATE_WORDS = {("buffed", True): "buffed", ("buffed", False): "not buffed", ("combat", "attacker"): "attacking",
                ("combat", "defender"): "defending", ("combat", "in combat"): "in combat",
                ("zone", "battlefield"): "at a battlefield", ("zone", "base"): "in your base",
                ("posture", Posture.KNEELING): "exhausted", ("posture", Posture.STANDING): "ready"}


def unprintable(what: str, why: str) -> CardTextError:
    """The error for an ability part Riftbound's printed templates have no words for."""
    return CardTextError(f"rulekit has no printed Riftbound wording for {what}: {why}")


def _set_fields(f: CardFilter) -> dict:
    empty = CardFilter()
    return {name: getattr(f, name) for name in f.__dataclass_fields__ if getattr(f, name) != getattr(empty, name)}


def card_phrase(f: CardFilter | None, det: str = "a", plural: bool = False) -> str:
    """``f`` as a card phrase: "another friendly unit", "each enemy unit here", "up to 2 units"."""
    fields = _set_fields(f) if f is not None else {}
    extra = set(fields) - _PRINTED
    if extra:
        raise unprintable(f"the card filter {f}", f"its {', '.join(sorted(extra))}")
    which = fields.get("which", Which.ANY)
    adjs = []
    if which is Which.OTHER:
        if det == "a":
            det = "another"
        else:
            adjs.append("other")
    elif which is Which.SELF:
        if det != "a":
            raise unprintable(f"the card filter {f}", "its own card is not one of several")
        det = "this"
    elif which is not Which.ANY:
        raise unprintable(f"the card filter {f}", f"'which: {which.value}'")
    adjs += [w for w in (
        {Who.YOU: "friendly", Who.OPPONENT: "enemy"}.get(fields.get("controller")),
        {True: "buffed", False: "unbuffed"}.get(fields.get("buffed")),
        {Posture.STANDING: "ready", Posture.KNEELING: "exhausted"}.get(fields.get("posture")),
        {"attacker": "attacking", "defender": "defending"}.get(fields.get("combat")),
        fields.get("trait"),
        f"non-{fields['not_trait']}" if "not_trait" in fields else None) if w]
    posts = []
    if "keyword" in fields:
        posts.append(f"with {fields['keyword']}")
    if fields.get("here"):
        posts.append("here")
    zone = fields.get("zone")
    if zone is not None:
        if zone not in ("battlefield", "base"):
            raise unprintable(f"the card filter {f}", f"the zone {zone!r} (a card phrase says 'at a battlefield' "
                                                      "or 'in your base')")
        posts.append(_STATE_WORDS[("zone", zone)])
    if fields.get("combat") == "in combat":
        posts.append("in combat")
    if fields.get("type") not in _NOUNS:
        raise unprintable(f"the card filter {f}", f"the card type {fields['type']!r}")
    noun = _NOUNS[fields.get("type")][1 if plural else 0]
    words = " ".join(adjs + [noun] + posts)
    if det == "a":
        det = "an" if words[:1].lower() in "aeio" or words.lower().startswith("unb") else "a"
    return f"{det} {words}" if det else words


def target(instr, *, object_word: str = "me") -> str:
    """An instruction's card target: "me", "it", "an enemy unit", "each friendly unit", "up to 2
    units", "an enemy unit at random"."""
    t = instr.target
    if t in (Target.SELF, Target.THAT_CARD):
        if instr.filter is not None:
            raise unprintable(f"the target {t.value} with a filter", "'me' and 'it' name one card")
        return object_word if t is Target.SELF else "it"
    if t is Target.CHOSEN:
        if instr.up_to is not None:
            return card_phrase(instr.filter, f"up to {instr.up_to}", plural=True)
        return card_phrase(instr.filter, "a")
    if t is Target.EACH:
        return card_phrase(instr.filter, "each")
    if t is Target.RANDOM and instr.amount == 1:
        return card_phrase(instr.filter, "a") + " at random"
    raise unprintable(f"the target {t.value!r} of {instr.do.value}", "no card phrase names it")


def condition(c: Condition) -> str:
    """"I'm buffed", "you control 2 or more units", "you have 1 or fewer cards in your hand"."""
    if c.phase is not None or c.total is not None or c.challenges is not None or c.count is None:
        raise unprintable(f"the condition {c}", "Riftbound's conditions here count cards")
    fields = _set_fields(c.count)
    if fields.get("which") is Which.SELF and len(fields) == 2 and c.at_least == 1 and c.at_most is None:
        key = next((k, v) for k, v in fields.items() if k != "which")
        if key in _STATE_WORDS:
            return f"I'm {_STATE_WORDS[key]}"
    bound = (f"{c.at_least} or more" if c.at_least is not None and c.at_most is None else
             "no" if c.at_most == 0 and c.at_least is None else
             f"{c.at_most} or fewer" if c.at_most is not None and c.at_least is None else None)
    if bound is None:
        raise unprintable(f"the condition {c}", "one bound, 'N or more' or 'N or fewer'")
    if fields == {"zone": "hand", "owner": Who.YOU}:
        return f"you have {bound} cards in your hand"
    who = fields.pop("controller", None)
    if who not in (Who.YOU, Who.OPPONENT):
        raise unprintable(f"the condition {c}", "it counts what you or an opponent controls")
    holder = "you control" if who is Who.YOU else "an opponent controls"
    return f"{holder} {bound} {card_phrase(CardFilter(**fields), '', plural=True)}"


def symbols(resource: str | None, amount: int) -> str:
    """Energy ``[2]``, Power ``[R][R]`` (134.2, 135.2.e)."""
    if resource == "energy":
        return f"[{amount}]"
    if resource in phrases.SYMBOL_OF and amount >= 1:
        return f"[{phrases.SYMBOL_OF[resource]}]" * amount
    raise unprintable(f"{amount} {resource}", "Energy is [N], Power a domain's symbol")


def token(tok: Token, amount: int, to: str | None) -> str:
    """"play two 1 Might Recruit unit tokens into your base" (or "here"; a token's name is its tag)."""
    if tok.traits != (tok.title,) or " " in tok.title or not tok.title[:1].isupper():
        raise unprintable(f"the token {tok}", "a token is printed by its one-word name, which is its tag")
    if to not in (None, "base", "here") or amount < 1:
        raise unprintable(f"the token {tok}", f"{amount} of them, to {to!r}")
    count = "a" if amount == 1 else phrases.NUMBER_NAMES.get(amount, str(amount))
    kind = f"{tok.type} token" + ("s" if amount > 1 else "")
    if tok.type not in ("unit", "gear"):
        raise unprintable(f"the token {tok}", "tokens are units or gear")
    might = f"{tok.might} Might " if tok.type == "unit" else ""
    if tok.type == "gear" and tok.might:
        raise unprintable(f"the token {tok}", "gear has no Might")
    words = f"play {count} {'ready ' if tok.ready else ''}{might}{tok.title} {kind}"
    if tok.keywords:
        words += " with " + " and ".join(tok.keywords)
    return words + {"base": " into your base", "here": " here"}.get(to, "")
