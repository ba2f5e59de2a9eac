"""The timeline: one record per step the engine takes.

Each step links to its parent instead of copying history, so adding a step costs the same at
step 10 and at step 10,000; :func:`steps` walks the links when the whole timeline is wanted.
A step keeps the rule it applied, a code and arguments for its description (formatted only
when shown), the state and control after it, the verdicts of the abilities it considered,
and, for a step that answered a decision, the decision and the option taken.
"""
from __future__ import annotations

from rulekit.core.decisions import Decision
from rulekit.core.frozen import immutable
from rulekit.core.model import GameState
from rulekit.core.text import describe
from rulekit.core.verdicts import Verdict


@immutable(eq=False, quick_new=True)
class Step:
    parent: "Step | None"
    number: int
    rule: str
    what: str
    args: tuple
    state: GameState
    control: tuple
    verdicts: tuple[Verdict, ...] = ()
    decision: Decision | None = None
    answer: str | None = None
    answered_by: str | None = None      # "chosen", "recorded" (from a replayed line) or "default"

    @property
    def before(self) -> GameState:
        """The state this step started from (what its verdicts were judged on)."""
        return self.parent.state if self.parent is not None else self.state

    @property
    def context(self):
        """The triggering-condition sequence frame this step was taken in, if any."""
        if self.parent is None or not self.parent.control:
            return None
        top = self.parent.control[-1]
        return top if top.is_sequence else None

    @property
    def level(self) -> int:
        """How many sequences were open when this step was taken (1 = the outermost)."""
        if self.parent is None:
            return 0
        return sum(1 for f in self.parent.control if f.is_sequence)

    @property
    def depth(self) -> int:
        """How many sequences are open after this step (1 = not nested)."""
        return sum(1 for f in self.control if f.is_sequence)

    def describe(self) -> str:
        return describe(self.what, self.args, self.state if self.what != "use" else self.before)

    def args_dict(self) -> dict:
        return dict(self.args)

    def record(self) -> tuple:
        """Everything that defines the step except its link: what timelines are compared by."""
        return (self.number, self.rule, self.what, self.args, self.state, self.control, self.verdicts,
                self.decision.key if self.decision else None, self.answer, self.answered_by)

    def __repr__(self) -> str:
        return f"<Step {self.number} {self.rule}: {self.describe()}>"


def steps(last: Step) -> tuple[Step, ...]:
    out = []
    node = last
    while node is not None:
        out.append(node)
        node = node.parent
    out.reverse()
    return tuple(out)
