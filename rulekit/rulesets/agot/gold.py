"""A Game of Thrones' gold (rule ``agot.gold``): what a player's gold pool holds, gaining gold
("gain 2 gold": ``{do: add, target: you, amount: 2, resource: gold}``) and paying it as a cost
("pay 1 gold to …": ``cost: [{do: pay, target: you, amount: 1, resource: gold}]``). Gaining and
paying are events about the player (``adds``, ``pays``) that abilities can respond to; the pool
itself is the core's (:attr:`rulekit.core.model.GameState.resources`), filled at the start by a
file's top-level ``pools``."""
from __future__ import annotations

from rulekit.core.abilities import Target
from rulekit.core.errors import ScenarioError
from rulekit.core.events import Verb

#: what an A Game of Thrones pool holds (Rules Reference, "Gold": gold tokens in the gold pool)
RESOURCES = ("gold",)

_EXAMPLES = {Verb.ADD: "{do: add, target: you, amount: 2, resource: gold} (\"gain 2 gold\")",
             Verb.PAY: "cost: [{do: pay, target: you, amount: 1, resource: gold}] (\"pay 1 gold to …\")"}


def check_instructions(ability, path: str) -> None:
    """Gaining and paying gold: ``resource: gold`` on ``add`` and ``pay`` and on nothing else; the
    player is the ability's controller (``target: you``: an opponent's gold pool cannot pay a cost,
    RR "Costs"); and ``pay`` is a cost, paid before the effect initiates (RR "Costs", "Initiating
    Abilities / Marshaling Cards")."""
    for part in ("cost", "effect"):
        for k, instr in enumerate(getattr(ability, part)):
            at = f"{path}.{part}[{k}]"
            if instr.do not in _EXAMPLES:
                if instr.resource is not None:
                    raise ScenarioError(f"{instr.do.value!r} takes no 'resource': only gaining gold (add) and "
                                        "paying it (pay) do", path=f"{at}.resource", expected="no 'resource' here")
                continue
            if instr.resource not in RESOURCES:
                got = "none" if instr.resource is None else repr(instr.resource)
                raise ScenarioError(f"{instr.do.value!r} needs 'resource': gold, the only thing a gold pool holds (got "
                                    f"{got}; the nearest: 'gold')", path=f"{at}.resource", expected=_EXAMPLES[instr.do])
            if instr.target is not Target.YOU:
                raise ScenarioError(f"{instr.do.value!r} gold is done by the ability's controller: its target is 'you', "
                                    f"not {instr.target.value!r}", path=f"{at}.target", expected=_EXAMPLES[instr.do])
            if instr.do is Verb.PAY and part != "cost":
                raise ScenarioError("'pay' is a cost (\"pay 1 gold to …\"): it goes in 'cost'", path=f"{at}.do",
                                    expected=_EXAMPLES[Verb.PAY])
