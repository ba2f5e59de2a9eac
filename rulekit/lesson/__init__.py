"""The lesson API: one readable line per lesson action — board, rule, predict, play, see, why,
try a variant (``docs/lessons-api.md``). Uses the core, the files and the views."""
from rulekit.lesson.compared import Compared
from rulekit.lesson.lesson import Lesson
from rulekit.lesson.play import Play

__all__ = ["Compared", "Lesson", "Play"]
