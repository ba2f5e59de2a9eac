"""The triggering conditions of A Game of Thrones' card text, read from the grammar's tree ("After you
win a [power] challenge", "When a character you control would be killed", "After the dominance phase
begins", "When an opponent plays an event"). Rules Reference "Triggering Condition", "Would",
"Winning a Challenge", "Dominance", "Marshal", "Declare Attackers", "Declare Defenders"."""
from __future__ import annotations

from lark import Token

from rulekit.core.abilities import CardFilter, Who
from rulekit.core.events import EventKind
from rulekit.core.frozen import replace
from rulekit.rulesets.agot.cardtext.phrases import Refusal

PASSIVES = {"killed": EventKind.KILLED, "discarded": EventKind.DISCARDED, "sacrificed": EventKind.SACRIFICED,
            "returned": EventKind.RETURNED_TO_HAND}
ACTIVES = {"leave play": EventKind.LEAVES_PLAY, "enter play": EventKind.ENTERS_PLAY, "kneel": EventKind.KNEELS,
           "stand": EventKind.STANDS, "gain power": EventKind.GAINS_POWER, "get str": EventKind.STRENGTH_CHANGES,
           "attacker": EventKind.ATTACKS, "defender": EventKind.DEFENDS}


def _active(word: str) -> EventKind:
    w = " ".join(word.lower().split())
    if "declared" in w:
        return ACTIVES["attacker" if "attacker" in w else "defender"]
    first, *rest = w.split(" ")
    base = first[:-1] if first.endswith("s") and first not in ("is",) else first
    return ACTIVES[" ".join([base, *rest])]


def _icon(token) -> str:
    return str(token)[1:-1].lower()


class TriggerPhrases:
    """Transformer callbacks of the triggering conditions (mixed into the reader's transformer)."""

    def passive(self, meta, c):
        word = next(str(t).lower() for t in c if t.type == "PASSIVE").split()[0]
        return PASSIVES[word], any(t.type == "FROM_PLAY" for t in c)

    def active(self, meta, c):
        return _active(str(c[0])), False

    def card_events(self, meta, c):
        would = any(isinstance(t, Token) and t.type == "WOULD" for t in c)
        events = [e for e in c if isinstance(e, tuple)]
        kinds = [k for k, _ in events]
        if len(set(kinds)) != len(kinds):
            raise Refusal(meta.start_pos, "an event named twice")
        return {"would": would, "events": kinds, "from_play": any(f for _, f in events)}

    def during(self, meta, c):
        return ("during", str(c[0]).lower())

    def in_challenge(self, meta, c):
        return ("challenge", _icon(c[0]))

    def card_tc(self, meta, c):
        ref, ev = c[0], c[1]
        if ref.kind not in ("self", "a", "attached", "more", "your"):
            raise Refusal(meta.start_pos, "a triggering condition names this card, 'a …' card or "
                                          "'one or more …' cards")
        flt = ref.filter
        if ev["from_play"]:
            flt = replace(flt, zone="play area")
        out = {"event": ev["events"][0], "or_events": tuple(ev["events"][1:]), "card": flt,
               "one_or_more": ref.kind == "more", "would": ev["would"]}
        if ref.kind == "more" and ref.count != 1:
            raise Refusal(meta.start_pos, "a triggering condition says 'one or more'")
        for extra in c[2:]:
            key, value = extra
            if key == "challenge" and out["event"] not in (EventKind.ATTACKS, EventKind.DEFENDS):
                raise Refusal(meta.start_pos, "'in a [military] challenge' goes with being declared as an attacker "
                                              "or a defender")
            out[key] = value
        return out

    def declared_tc(self, meta, c):
        word = str(c[0]).lower()
        out = {"event": EventKind.ATTACKS if word == "attackers" else EventKind.DEFENDS,
               "card": CardFilter(type="character"), "one_or_more": True}
        for key, value in c[1:]:
            out[key] = value
        return out

    def player(self, meta, c):
        return Who.YOU

    def any_player(self, meta, c):
        return Who.ANY

    def player_tc(self, meta, c):
        who, event = c[0], c[1]
        return {**event, "player": who}

    def challenge_words(self, meta, c):
        out = {}
        for t in c:
            if t.type == "OPPOSED":
                out["unopposed"] = str(t).lower() == "unopposed"
            elif t.type == "CHALLENGE_ICON":
                out["challenge"] = _icon(t)
        return out

    def side(self, meta, c):
        return {"side": str(c[0]).lower()}

    def margin(self, meta, c):
        return {"margin": int(c[0])}

    def challenge_result(self, meta, c):
        kinds = [EventKind.WINS_CHALLENGE if str(t).lower().startswith("win") else EventKind.LOSES_CHALLENGE
                 for t in c if isinstance(t, Token) and t.type == "RESULT"]
        if len(set(kinds)) != len(kinds):
            raise Refusal(meta.start_pos, "a result named twice")
        out = {"event": kinds[0], "or_events": tuple(kinds[1:])}
        for extra in c:
            if isinstance(extra, dict):
                out.update(extra)
        return out

    def dominance(self, meta, c):
        return {"event": EventKind.WINS_DOMINANCE}

    def plays_event(self, meta, c):
        return {"event": EventKind.INITIATES, "card": CardFilter(type="event")}

    def typed_ability(self, meta, c):
        from rulekit.rulesets.agot.cardtext.phrases import noun_type
        kind, plural = noun_type(c[0])
        if plural or kind in (None, "event"):
            raise Refusal(meta.start_pos, "a card's ability: 'a location's ability', 'a character's ability'")
        return CardFilter(type=kind)

    def any_ability(self, meta, c):
        return None

    def initiates(self, meta, c):
        return {"event": EventKind.INITIATES, "card": c[1]}

    def marshals(self, meta, c):
        ref = c[1]
        if ref.kind != "a":
            raise Refusal(meta.start_pos, "a player marshals 'a …' card")
        return {"event": EventKind.ENTERS_PLAY, "card": ref.filter, "how": "marshal"}

    def draws(self, meta, c):
        return {"event": EventKind.DRAWS}

    def gains_gold(self, meta, c):
        return {"event": EventKind.ADDS}

    def pays_gold(self, meta, c):
        return {"event": EventKind.PAYS}

    def phase_tc(self, meta, c):
        edge = str(c[1]).lower()
        return {"event": EventKind.PHASE_BEGINS if edge == "begins" else EventKind.PHASE_ENDS,
                "phase": str(c[0]).lower()}

    def power_tc(self, meta, c):
        ref = c[0]
        if ref.kind not in ("a", "self", "attached", "your"):
            raise Refusal(meta.start_pos, "power is discarded from 'a …' card or this card")
        return {"event": EventKind.POWER_DISCARDED, "card": ref.filter}
