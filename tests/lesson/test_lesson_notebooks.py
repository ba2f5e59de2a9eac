"""The lessons as a reader meets them: every prediction is a quiz the reader answers, the cell that
asks it is folded (its code would give the answer away), and no nbval marker shows in code."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))
# Tags the site's notebook extension (myst-nb) folds or removes the code of a cell by.
FOLDING = {"hide-input", "remove-input", "hide-cell", "remove-cell"}
ASKS = re.compile(r"\.(predict|ask_usable|ask_draws|ask_zone|ask_first|ask_chooser)\(")


def code_cells(path):
    return [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


def tags(cell) -> set[str]:
    return set(cell.metadata.get("tags", []))


def test_the_lessons_are_found():
    assert len(LESSONS) == 10


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_code_cell_shows_an_nbval_marker(path):
    for cell in code_cells(path):
        assert "NBVAL" not in cell.source.upper(), f"{path.name}: use the cell tag nbval-ignore-output:\n{cell.source}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_prediction_is_a_quiz_whose_code_is_folded(path):
    asking = [c for c in code_cells(path) if ASKS.search(c.source)]
    for cell in asking:
        assert cell.source.lstrip().startswith("quiz(") or "\nquiz(" in cell.source, \
            f"{path.name}: a prediction the reader cannot answer:\n{cell.source}"
        assert tags(cell) & FOLDING, f"{path.name}: a question's code gives its answer away:\n{cell.source}"
        assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, \
            f"{path.name}: a question's code is not collapsed in JupyterLab:\n{cell.source}"
    # and a folded cell holds a question, not the lesson's visible steps
    for cell in code_cells(path):
        if tags(cell) & FOLDING:
            assert ASKS.search(cell.source), f"{path.name}: a folded cell that asks nothing:\n{cell.source}"
    if asking:
        assert any("import" in c.source and "quiz" in c.source for c in code_cells(path)), path.name


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_saved_quiz_keeps_its_answer_folded(path):
    """Once executed, a quiz's saved output shows the question and folds the answer (no kernel on
    the site): the widget's view, its text/html and a deterministic text/plain."""
    for cell in code_cells(path):
        if not cell.source.lstrip().startswith("quiz(") or not cell.outputs:
            continue
        (out,) = [o for o in cell.outputs if o.output_type == "execute_result"]
        page = out.data["text/html"]
        assert "<details>" in page and page.index("<details>") > page.index("Predict:")
        assert "Answer (computed by the engine)" in out.data["text/plain"]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_title_says_which_lesson_it_is(path):
    title = nbformat.read(path, as_version=4).cells[0].source.splitlines()[0]
    number = int(path.name[:2])
    expected = "# Start here" if number == 0 else f"# Lesson {number} — "
    assert title.startswith(expected), f"{path.name}: {title!r}"


def test_a_widget_shown_is_not_changed_by_a_later_cell():
    """A comparison widget keeps the board and ruling it was shown with: a later cell that wants
    another ruling makes its own widget (in a live notebook the first would be redrawn)."""
    for path in LESSONS:
        for cell in code_cells(path):
            assert not re.search(r"\.ruling\.value\s*=", cell.source), f"{path.name}:\n{cell.source}"
