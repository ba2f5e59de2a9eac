"""Re-execute the lesson notebooks in place, so their saved outputs match the code.

Usage: ``python tools/run_notebooks.py [NOTEBOOK ...]`` (default: every notebook in
``notebooks/``). Run it whenever the code a notebook shows changes; nbval then checks that
the saved outputs still hold.
"""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)      # widget state changes at every run; a live kernel rebuilds it
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> None:
    paths = [Path(a) for a in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for p in paths:
        run(p.resolve())


if __name__ == "__main__":
    main(sys.argv[1:])
