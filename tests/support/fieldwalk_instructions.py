"""The field walk's instructions: every verb of each ruleset with each kind of target it takes
(:mod:`fieldwalk_verbs`), as a cost and as an effect, and for each field of an instruction the
values that must change the run there."""
from __future__ import annotations

import copy

from fieldwalk import GONE, Context, Probe
from fieldwalk_boards import tweaks as _tweaks, DRAW, TIMING, ability, board, under_test
from fieldwalk_verbs import BASES, Base

#: What an effect does in place of the instruction when it is taken away ("the ability without it").
NOTHING = {"agot": {"do": "not modelled", "text": "nothing at all", "changes_state": True},
           "riftbound": {"do": "not modelled", "text": "nothing at all"}}
PARTS = ("cost", "effect")


def _scenario(ruleset: str, b: Base, part: str, instrs: list, probe: Probe | None) -> dict:
    effect = instrs if part == "effect" else [dict(DRAW)]
    cost = instrs if part == "cost" else None
    extra = dict(b.extra)
    timing = b.timing or TIMING[ruleset]
    when = b.when
    a = ability(ruleset, effect=effect, cost=cost, timing=timing, **extra)
    if when == {}:
        a.pop("when")
    elif when is not None:
        a["when"] = copy.deepcopy(when)
    script = [dict(e) for e in b.script] if b.script else None
    return board(ruleset, [a], script=script, tweak=_tweaks(*b.tweaks, probe.tweak if probe else None))


def instruction_contexts(rulesets=("agot", "riftbound")):
    for ruleset in rulesets:
        for verb, bases in BASES[ruleset].items():
            for b in bases:
                for part in PARTS:
                    if (part == "cost" and b.effect_only) or (part == "effect" and b.cost_only):
                        continue

                    def build(instr, probe, _r=ruleset, _b=b, _p=part):
                        return _scenario(_r, _b, _p, list(probe.before) + [instr] + list(probe.after) if probe
                                         else [instr], probe)

                    def without(probe, _r=ruleset, _b=b, _p=part):
                        rest = list(probe.before) + list(probe.after) if probe else []
                        if _p == "cost":
                            return _scenario(_r, _b, "effect", [dict(DRAW)], probe) if not rest else \
                                _scenario(_r, _b, _p, rest, probe)
                        return _scenario(_r, _b, _p, rest or [dict(NOTHING[_r])], probe)

                    where = f" from the {b.instr['filter']['zone']}" if "zone" in b.instr.get("filter", {}) else ""
                    yield Context("Instruction", ruleset, f"{ruleset} {verb!r} target={b.target!r}{where}, {part}",
                                  copy.deepcopy(b.instr), build, without,
                                  family=f"{ruleset}|{verb}|{part}", verb=verb, part=part)


# -- the values --------------------------------------------------------------------------------
_FALSE = {"agot": [{"count": {"type": "location", "controller": "you"}, "at_least": 5}],
          "riftbound": [{"count": {"type": "unit", "controller": "you"}, "at_least": 9}]}
_FILTER = {"agot": {"type": "location"}, "riftbound": {"type": "gear"}}
_PLACES = {"agot": ("hand", "discard pile", "your faction card", "play area", "bottom of draw deck"),
           "riftbound": ("bf2", "base", "hand", "trash")}
#: where an effect's "play" puts a card other than its player's base (its default): a battlefield, "here"
_PLAY_PLACES = ("bf2", "here", "hand")
_RESOURCES = {"agot": ("gold",), "riftbound": ("energy", "fury")}
_GRANT = {"id": "g", "timing": "triggered", "when": {"event": "gets might", "card": {"which": "self"}},
          "effect": [dict(DRAW)]}
_TOKEN = {"title": "Recruit", "might": 1}
#: an instruction that does not resolve in full (its condition is false), before a "then"
_NOT_IN_FULL = {r: ({"do": "draw", "target": "opponent", "condition": f},) for r, f in _FALSE.items()}
#: an instruction that resolves only if everything before it did ("Then, draw 1 card")
_THEN_DRAW = ({"do": "draw", "target": "opponent", "then": True},)
_END_PHASE = {"agot": {"do": "end phase", "phase": "challenges", "id": "end"},
              "riftbound": {"do": "end turn", "player": "P1", "id": "end"}}
_CHALLENGE = {"do": "challenge", "player": "P2", "challenge": "military", "cards": ["that"], "id": "go"}


def _then_end(ruleset):
    def tweak(data):
        data["script"].append(dict(_END_PHASE[ruleset]))
    return tweak


def _end_before_kill(data):
    """The turn ends between the replacement's resolving and the death it waits for."""
    at = next(i for i, e in enumerate(data["script"]) if e["id"] == "kill")
    data["script"].insert(at, dict(_END_PHASE["riftbound"]))


def _with_duplicates(data):
    """A duplicate under every character in play: each could be saved by it."""
    chars = [c for c in data["cards"] if c.get("type", "character") == "character" and "zone" not in c
             and "duplicate_of" not in c and not any(d.get("duplicate_of") == c["id"] for d in data["cards"])]
    data["cards"].extend({"id": f"{c['id']}dup", "title": c["title"], "owner": c["owner"], "duplicate_of": c["id"]}
                         for c in chars)


def _during_challenge(data):
    """The ability answers ``that`` attacking, in a challenge that ends after it resolves."""
    data["script"] = [dict(_CHALLENGE)]
    under_test(data)["when"] = {"event": "attacks", "card": {"id": "that"}}


def _second_unit_in_hand(data):
    data["cards"].append({"id": "h4", "title": "Hand Warden", "owner": "P1", "type": "unit", "zone": "hand",
                          "might": 1})


def _ability_x_on_src(data):
    src = next(c for c in data["cards"] if c["id"] == "src")
    src.setdefault("abilities", []).append({"id": "x", "timing": "triggered", "when": {"event": "gets might"},
                             "effect": [{"do": "draw", "target": "you"}]})


def instruction_probes(name: str, ctx: Context) -> list[Probe]:
    r, base = ctx.ruleset, ctx.base
    amount = base.get("amount", 1)
    if name == "target":
        return []                      # walked on its own: every target of the verb (target_probes)
    if name == "filter":
        if ctx.verb == "play" and base.get("target") in ("self", "that card"):
            return [Probe({"zone": "hand"}, why="where the effect looks for the card: not where it is (419.3.c)")]
        return [Probe(base.get("filter", _FILTER[r]), why="which cards it affects")]
    if name == "amount" and ctx.verb == "play":
        return [Probe(amount + 1, tweak=_second_unit_in_hand, why="how many cards it plays")]
    if name == "amount":
        return [Probe(amount + 1, why="how many")] + ([Probe(-amount, why="a negative change")]
                                                      if ctx.verb in ("give might", "give strength") else [])
    if name == "condition":
        after = _THEN_DRAW if r == "agot" and ctx.verb == "not modelled" else ()
        return [Probe(_FALSE[r], after=after, why="a condition that is false on the board")]
    if name == "then":
        if ctx.part == "cost" or ctx.verb.startswith("cannot be"):
            return [Probe(True, before=(dict(base),), why="after an instruction")]
        after = ({"do": "draw", "target": "opponent"},) if ctx.verb == "not modelled" else ()
        return [Probe(True, before=_NOT_IN_FULL[r], after=after,
                      why="after an instruction that did not resolve in full" + (", before another" if after else ""))]
    if name == "cannot_be_saved":
        in_play = {"filter": {"type": "character"}} if "zone" in base.get("filter", {}) and \
            ctx.verb in ("kill", "discard") else {}
        return [Probe(True, with_=in_play, tweak=_with_duplicates if r == "agot" else None,
                      why="a duplicate could save the card otherwise")]
    if name == "instead":
        return [Probe([{"do": "kneel" if r == "agot" else "exhaust", "target": "that card"}])]
    if name == "at":
        return [Probe({"event": "phase ends" if r == "agot" else "turn ends"}, tweak=_then_end(r))]
    if name == "later":
        return [Probe([dict(DRAW)], tweak=_then_end(r))]
    if name == "to":
        return [Probe(p) for p in (_PLAY_PLACES if ctx.verb == "play" else _PLACES[r])]
    if name == "ignoring":
        return ignoring_probes(ctx)
    if name == "grant":
        return [Probe(_GRANT, tweak=lambda d: d["script"].append(
            {"do": "give might", "cards": ["src", "that", "u1"], "amount": 1, "id": "again"}))]
    if name == "ability":
        return [Probe("x", tweak=_ability_x_on_src)]
    if name == "amount_of":
        return [Probe("that card's might"), Probe("this card's might")]
    if name == "up_to":
        return [Probe(2, why="up to 2 targets")]
    if name == "token":
        return [Probe(_TOKEN)]
    if name == "changes_state":
        return [Probe(True, why="whether the ability can be initiated")]
    if name == "this_turn" and ctx.verb == "replace" and r == "riftbound":
        return [Probe(True, tweak=_end_before_kill, why="the replacement expires when the turn ends, before the death")]
    if name == "this_turn":
        return [Probe(True, tweak=_then_end(r), why="the change expires when the turn ends")]
    if name == "resource":
        return [Probe(x) for x in _RESOURCES[r]]
    if name == "until":
        return [Probe("phase", tweak=_then_end(r)), Probe("challenge", tweak=_during_challenge)]
    raise KeyError(name)


#: the cards an effect's "play" of the walk plays: from the hand, the trash, the unit that died, itself
_PLAYED = ("h1", "t1", "u1", "src")


def costly(energy: int, power=(), **pool):
    """A change to the board: each card the walk's "play" plays costs ``energy`` and ``power``
    (131.2-131.3), and P1's Rune Pool has ``pool`` besides its Energy."""
    def tweak(data):
        for c in data["cards"]:
            if c["id"] in _PLAYED:
                c.update(energy_cost=energy, power_cost=list(power))
        data["pools"]["P1"].update(pool)
    return tweak


#: a Cost of 1 Energy and 1 Fury Power, and the Rune Pool to pay it: each value of ``ignoring`` pays
#: something else (356.1.b.1-356.1.b.2)
BOTH_COSTS = costly(1, ("fury",), fury=1)


def ignoring_probes(ctx: Context) -> list[Probe]:
    """``ignoring`` (rb.play-effect; 356.1.b): on a Riftbound "play", a card whose Cost cannot be paid
    is played when its cost is ignored, and on a card costing Energy and Power each value waives its
    own part; an unknown value is refused. On any other verb it is refused."""
    if ctx.verb != "play":
        return [Probe("cost", why="only an effect's 'play' pays a card's Cost")]
    return [Probe("cost", tweak=costly(3, ("fury",)), why="a Cost the Rune Pool cannot pay: played only if ignored"),
            Probe("energy cost", tweak=costly(3), why="an Energy cost the Rune Pool cannot pay"),
            Probe("cost", tweak=BOTH_COSTS, why="Energy and Power both waived"),
            Probe("energy cost", tweak=BOTH_COSTS, why="the Power paid, not the Energy"),
            Probe("power cost", tweak=BOTH_COSTS, why="the Energy paid, not the Power"),
            Probe("its cost", why="not a cost an effect can ignore")]


def _no_duplicate(data):
    """The ability's card has no duplicate to save it from leaving play (RR "Duplicates")."""
    data["cards"] = [c for c in data["cards"] if c["id"] != "srcdup"]


#: Values of one field that mean different things, with the board that tells them apart, so one must
#: not run as the other: (ruleset, verb, field, values, board change). "Ignoring its cost" waives the
#: Energy and the Power, "its Energy cost" the Energy only, "its Power cost" the Power only (356.1.b);
#: "place … on top of" is not "at the bottom of" its owner's deck (RR "In Play and Out of Play", FAQ).
DISTINCT_VALUES = (("riftbound", "play", "ignoring", ("cost", "energy cost", "power cost"), BOTH_COSTS),
                   ("agot", "place", "to", ("draw deck", "bottom of draw deck"), _no_duplicate))


def distinct_value_failures(contexts) -> list[str]:
    """For each of :data:`DISTINCT_VALUES`, each context of its verb (an effect) in which two of the
    values load and run alike."""
    from fieldwalk import _run
    from fieldwalk_runs import difference
    out = []
    for ruleset, verb, name, values, tweak in DISTINCT_VALUES:
        probe = Probe(None, tweak=tweak)
        for ctx in (c for c in contexts if c.ruleset == ruleset and c.verb == verb and c.part == "effect"):
            runs = {v: _run(lambda: ctx.build(dict(ctx.base, **{name: v}), probe)) for v in values}
            loaded = [v for v in values if runs[v] is not None]
            if len(loaded) < len(values):
                out.append(f"Instruction.{name} in {ctx.name}: refused with {sorted(set(values) - set(loaded))}")
            out.extend(f"Instruction.{name} in {ctx.name}: {name}={a!r} loaded and ran exactly as {name}={b!r}"
                       for i, a in enumerate(loaded) for b in loaded[i + 1:] if difference(runs[a], runs[b]) is None)
    return out


def target_variants(ctxs: list, targets) -> list[tuple[str, dict, Context]]:
    """The instruction of the contexts ``ctxs`` (one verb, one part) with each target: the base the
    verb has for that target, in its own setting, else the first base with the target changed."""
    own = {}
    for ctx in ctxs:
        own.setdefault(ctx.base.get("target", "self"), ctx)
    first = ctxs[0]
    out = []
    for t in targets:
        if t in own:
            out.append((t, copy.deepcopy(own[t].base), own[t]))
            continue
        instr = dict(first.base, target=t)
        if t in ("chosen", "each", "random", "each player chooses", "each opponent chooses") and "filter" not in instr:
            instr["filter"] = {"type": "character" if first.ruleset == "agot" else "unit"}
        out.append((t, instr, first))
    return out


#: Targets that mean different things on the generic board, so an instruction with one must not run
#: as with the other (``each player chooses`` is not ``chosen``: the opponent chooses too; ``each
#: opponent chooses``: the opponent alone).
DISTINCT_TARGETS = (("each player chooses", "chosen"), ("random", "chosen"), ("each", "chosen"),
                    ("each player chooses", "each"), ("each opponent chooses", "chosen"),
                    ("each opponent chooses", "each player chooses"))
TARGETS = ("self", "that card", "that effect", "a duplicate", "each player chooses", "each opponent chooses",
           "chosen", "chosen ability", "each", "random", "you", "opponent", "that player")


def verb_failures(ctx: Context) -> list[str]:
    """The verb of ``ctx`` with its target (the field ``do``): it must change the run, compared
    with the ability without the instruction."""
    from fieldwalk import _run
    from fieldwalk_runs import difference
    got = _run(lambda: ctx.build(copy.deepcopy(ctx.base), None))
    if got is None:
        return []
    crash = next((o[1] for o in got if o[0] == "crashed"), None)
    if crash:
        return [f"Instruction.do in {ctx.name}: {ctx.verb!r} loaded and crashed the engine ({crash})"]
    without = _run(lambda: ctx.without(None))
    if without is not None and difference(without, got) is None:
        return [f"Instruction.do in {ctx.name}: {ctx.verb!r} (target {ctx.base.get('target', 'self')!r}) loaded "
                "and ran exactly as without the instruction"]
    return []


def target_failures(ctxs: list) -> list[str]:
    """Each target the verb of ``ctxs`` (one verb, one part, each context a base of it) loads with
    changes the run, and two targets that mean different things do not run alike."""
    from fieldwalk import _run
    from fieldwalk_runs import difference
    runs, where = {}, {}
    for t, instr, ctx in target_variants(ctxs, TARGETS):
        runs[t] = _run(lambda: ctx.build(instr, None))
        where[t] = ctx
    out = []
    for t, got in runs.items():
        without = _run(lambda: where[t].without(None))
        if got is not None and without is not None and difference(without, got) is None:
            out.append(f"Instruction.target in {where[t].name}: target={t!r} loaded and ran exactly as without the "
                       "instruction")
    for a, b in DISTINCT_TARGETS:
        if runs.get(a) is not None and runs.get(b) is not None and difference(runs[a], runs[b]) is None:
            out.append(f"Instruction.target in {ctxs[0].ruleset} {ctxs[0].verb!r}, {ctxs[0].part}: target={a!r} "
                       f"loaded and ran exactly as target={b!r}")
    return out
