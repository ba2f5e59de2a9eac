"""Which folders become which packages; everything else about the distribution is in pyproject.toml.

The list is complete by construction: every package under ``rulekit/`` and ``widgets/`` is found,
never named one by one. Two folders of the checkout are mapped into the package as data, not copied:
``scenarios/`` becomes ``rulekit.shipped.scenarios`` and ``notebooks/`` ``rulekit.shipped.lessons``,
read at run time with importlib.resources (``rulekit/shipped``).
"""
from setuptools import find_packages, setup

WIDGETS = ["rulekit_widgets", *(f"rulekit_widgets.{p}" for p in find_packages("widgets"))]
DATA = {"rulekit.shipped.scenarios": "scenarios", "rulekit.shipped.lessons": "notebooks"}

setup(
    packages=[*find_packages(include=["rulekit", "rulekit.*"]), *WIDGETS, *DATA],
    package_dir={"rulekit_widgets": "widgets", **DATA},
    package_data={
        "rulekit": ["py.typed"],
        "": ["*.lark"],                                  # the card-text grammars of the rulesets
        "rulekit.shipped.scenarios": ["**/*.yaml", "**/*.yml", "**/*.json"],
        "rulekit.shipped.lessons": ["*.ipynb"],
    },
    include_package_data=False,
)
