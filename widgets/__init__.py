"""rulekit_widgets: ipywidgets views of, and drivers for, a :class:`rulekit.Game`.

One :class:`GameModel` holds the scenario, its game and a cursor on the timeline; each view
observes it and can be driven and checked without a browser by setting traits and calling
handlers. :func:`explorer` puts them together. Importing ``rulekit`` never imports this.
"""
from rulekit_widgets.cardtext import CardTextPanel
from rulekit_widgets.compare import RulingComparison, compare_rulings
from rulekit_widgets.model import GameModel
from rulekit_widgets.quiz import Quiz, quiz
from rulekit_widgets.views import (BoardEditor, DecisionPicker, DrawingView, Explorer, StepLog, TimelineControls, WhyNotPanel,
                    explorer)

__all__ = ["BoardEditor", "CardTextPanel", "DecisionPicker", "DrawingView", "Explorer", "GameModel", "Quiz", "RulingComparison", "StepLog",
           "TimelineControls", "WhyNotPanel", "compare_rulings", "explorer", "quiz"]
